// What the benchmarks share: synthetic specs, timing and peak memory.
import Foundation

/// A spec with `count` endpoints (a GET and a POST per model) and `count / 2` models, plus one enum.
public func makeSpec(endpoints count: Int) -> String {
    var text = """
        name: Bench
        server: { host: api.example.com, basePath: /v1 }
        version: "1.0"
        variables: [deviceType]
        defaults:
          query: { version: "{version}", device_type: "{deviceType}" }
          headers: { Accept: application/json }
        auth: { header: Authorization, scheme: Bearer }
        policy: { timeout: 10s, rateLimit: 5/s, retry: { attempts: 2, on: [502, 503] } }
        endpoints:

        """
    for index in 0..<count / 2 {
        text += """
              get\(index):
                GET: /items\(index)/{id}
                params: { id: Int, filter: "[String]?", page: { type: Int, default: 1 } }
                response: Item\(index)
                description: Fetches item \(index).
              create\(index):
                POST: /items\(index)
                params: { name: String, password: { type: String, secret: true }, tags: "[String: Int]" }
                response: Item\(index)

            """
    }
    text += "models:\n  Kind:\n    enum: [small, large]\n"
    for index in 0..<count / 2 {
        text += "  Item\(index):\n    id: Int\n    name: { type: String, key: item_name }\n    kind: { type: Kind, default: small }\n    note: String?\n"
    }
    return text
}

/// Peak resident set size so far, in MiB.
///
/// On Linux this is `VmHWM` from `/proc/self/status`: `getrusage`'s `ru_maxrss` survives `exec`, so under
/// `swift run` it reports the peak of the `swift run` driver (about 120 MiB) rather than ours.
public func peakMemoryMiB() -> Double {
    #if os(Linux)
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? .nan
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1024 / 1024  // bytes on Darwin
    #endif
}

public func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The best of three runs of `work`, in seconds.
public func bestOfThree(_ work: () -> Void) -> Double {
    let clock = ContinuousClock()
    return (0..<3).map { _ in seconds(clock.measure(work)) }.min()!
}

/// What one child process cost: wall time, its peak resident memory, its exit status, what it printed.
public struct ProcessCost {
    public var seconds: Double
    public var peakMiB: Double
    public var status: Int32
    public var output: String
}

/// Runs `executable` with `arguments` in `directory` and measures it; peak memory comes from `wait4`,
/// so it is the child's own, not the benchmark's.
public func measure(_ executable: String, _ arguments: [String], in directory: String) -> ProcessCost {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("benchmark-\(UUID().uuidString).log").path
    let command = "cd \(shellQuoted(directory)) && exec \(([executable] + arguments).map(shellQuoted).joined(separator: " ")) > \(shellQuoted(log)) 2>&1"
    let argv: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (text: String) in strdup(text) } + [nil]
    defer { argv.forEach { free($0) } }
    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else { fatalError("cannot start \(executable)") }
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let elapsed = seconds(clock.now - start)
    let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: log)
    // Linux reports ru_maxrss in KiB, Darwin in bytes.
    #if os(Linux)
    let peak = Double(usage.ru_maxrss) / 1024
    #else
    let peak = Double(usage.ru_maxrss) / 1024 / 1024
    #endif
    return ProcessCost(seconds: elapsed, peakMiB: peak, status: (status >> 8) & 0xFF, output: output)
}

/// `'text'` for /bin/sh.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// Seconds taken by `body`, run off the main actor (as an app's networking code would be) so neither
/// side of a comparison pays for hops back to the main thread.
public func timeDetached(_ body: @escaping @Sendable () async throws -> Void) async throws -> Double {
    try await Task.detached {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        return seconds(clock.now - start)
    }.value
}

/// What this process has used so far: CPU time (user and system, every thread) and context switches.
///
/// Unlike wall time, neither depends much on how busy the machine is: a request costs the same CPU and the same
/// thread hand-offs on an idle machine as on a loaded one, where only the wait for a core to take each hand-off grows.
public struct ProcessUsage: Sendable {
    /// Seconds of CPU, user and system.
    public var cpuSeconds: Double
    /// Voluntary and involuntary context switches.
    public var contextSwitches: Double

    /// The usage now (`getrusage(RUSAGE_SELF)`).
    public static func now() -> ProcessUsage {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return ProcessUsage(cpuSeconds: cpu, contextSwitches: Double(usage.ru_nvcsw + usage.ru_nivcsw))
    }

    static func - (a: ProcessUsage, b: ProcessUsage) -> ProcessUsage {
        ProcessUsage(cpuSeconds: a.cpuSeconds - b.cpuSeconds, contextSwitches: a.contextSwitches - b.contextSwitches)
    }
}

/// One side of an interleaved comparison: its time, and what it used, over every round.
public struct InterleavedSide: Sendable {
    /// Total seconds for the requests, best of the rounds.
    public var bestRound = Double.infinity
    /// Seconds, CPU seconds and context switches summed over every round.
    public var seconds = 0.0
    public var usage = ProcessUsage(cpuSeconds: 0, contextSwitches: 0)
    /// Requests sent over every round (warm-up excluded).
    public var requests = 0

    /// CPU time per request, in microseconds.
    public var cpuMicrosecondsPerRequest: Double { usage.cpuSeconds / Double(requests) * 1e6 }
    /// Context switches per request.
    public var contextSwitchesPerRequest: Double { usage.contextSwitches / Double(requests) }
}

/// What an interleaved comparison of two request loops measured.
public struct InterleavedComparison: Sendable {
    public var baseline = InterleavedSide()
    public var candidate = InterleavedSide()
    /// The candidate's time over the baseline's for each pair of adjacent blocks, every round.
    public var blockRatios: [Double] = []

    /// The median of `blockRatios`: the two blocks of a pair ran back to back, so a change in the machine's speed
    /// between rounds (this VM's loopback speed drifts by a third from minute to minute) cancels out, where the
    /// ratio of the two best totals can pair one side's fast minute with the other side's slow one.
    public var medianRatio: Double { quantile(0.5) }

    /// The `q` quantile of `blockRatios` (0.25: the first quartile), interpolated; the spread of the figure.
    public func quantile(_ q: Double) -> Double {
        let sorted = blockRatios.sorted()
        guard !sorted.isEmpty else { return .nan }
        let position = q * Double(sorted.count - 1)
        let low = Int(position.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }

    /// The candidate's CPU time per request over the baseline's.
    public var cpuRatio: Double { candidate.cpuMicrosecondsPerRequest / baseline.cpuMicrosecondsPerRequest }
}

/// Runs two request loops, `baseline` and `candidate`, for `requests` requests each, `rounds` times, interleaved in blocks.
///
/// Both loops are warmed up first (`warmUp` requests each, alternating: connections, caches, lazily made state).
/// Each round then runs both sides in alternating blocks of `block` requests (who goes first alternates too), so a
/// burst of noise on a shared machine falls on both sides alike instead of on one whole round; each block's CPU
/// time and context switches are counted for its side.
public func compareInterleaved(
    _ rounds: Int, requests: Int, block: Int = 25, warmUp: Int = 200,
    baseline: @escaping @Sendable (Int) async throws -> Void, candidate: @escaping @Sendable (Int) async throws -> Void
) async throws -> InterleavedComparison {
    for _ in 0..<max(1, warmUp / block) {
        try await candidate(block)
        try await baseline(block)
    }
    var result = InterleavedComparison()
    /// Runs one block of `side` and adds it to `into`, returning its seconds.
    func run(_ side: @escaping @Sendable (Int) async throws -> Void, _ count: Int, into total: inout InterleavedSide) async throws -> Double {
        let before = ProcessUsage.now()
        let seconds = try await timeDetached { try await side(count) }
        let used = ProcessUsage.now() - before
        total.usage.cpuSeconds += used.cpuSeconds
        total.usage.contextSwitches += used.contextSwitches
        total.seconds += seconds
        total.requests += count
        return seconds
    }
    let blocks = (requests + block - 1) / block
    for _ in 0..<rounds {
        var round = (baseline: 0.0, candidate: 0.0)
        for index in 0..<blocks {
            let count = min(block, requests - index * block)
            let pair: (baseline: Double, candidate: Double)
            if index.isMultiple(of: 2) {
                let first = try await run(baseline, count, into: &result.baseline)
                pair = (first, try await run(candidate, count, into: &result.candidate))
            } else {
                let first = try await run(candidate, count, into: &result.candidate)
                pair = (try await run(baseline, count, into: &result.baseline), first)
            }
            round.baseline += pair.baseline
            round.candidate += pair.candidate
            result.blockRatios.append(pair.candidate / pair.baseline)
        }
        result.baseline.bestRound = min(result.baseline.bestRound, round.baseline)
        result.candidate.bestRound = min(result.candidate.bestRound, round.candidate)
    }
    return result
}
