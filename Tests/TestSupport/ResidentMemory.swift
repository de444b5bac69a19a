import Foundation

/// The process's resident memory, read from `/proc/self/status` (Linux only; `nil` elsewhere), and a sampler that
/// records its peak while some work runs: how the streaming tests and benchmark check that a large transfer does not
/// grow memory by its size. (`VmHWM`, the kernel's own peak, covers the whole process life, so earlier tests would
/// hide the growth: sampling `VmRSS` measures the peak over one operation only.)
public enum ResidentMemory {
    /// `VmRSS` in bytes, or `nil` when it cannot be read.
    public static func current() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let kilobytes = line.dropFirst("VmRSS:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }

    /// Runs `operation` while a thread samples `VmRSS` every 2 ms; returns its result and the peak growth over the
    /// resident size at the start (`nil` where it cannot be read).
    public static func peakGrowth<T>(during operation: () async throws -> T) async rethrows -> (T, growth: Int?) {
        guard let start = current() else { return (try await operation(), nil) }
        let peak = Locked((highest: start, stopped: false))
        let sampler = Thread {
            while !peak.withLock({ $0.stopped }) {
                if let now = current() { peak.withLock { $0.highest = max($0.highest, now) } }
                usleep(2_000)
            }
        }
        sampler.start()
        let result = try await operation()
        let end = current() ?? start
        let highest = peak.withLock { state in
            state.stopped = true
            return max(state.highest, end)
        }
        return (result, highest - start)
    }
}
