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

/// What an interleaved comparison of two request loops measured.
public struct InterleavedComparison: Sendable {
    /// Each side's total seconds for the requests, best of the rounds (each side's best round on its own).
    public var baseline: Double
    public var candidate: Double
    /// The candidate's time over the baseline's for each pair of adjacent blocks, every round.
    public var blockRatios: [Double]

    /// The median of `blockRatios`: the two blocks of a pair ran back to back, so a change in the machine's speed
    /// between rounds (this VM's loopback speed drifts by a third from minute to minute) cancels out, where the
    /// ratio of the two best totals can pair one side's fast minute with the other side's slow one.
    public var medianRatio: Double {
        let sorted = blockRatios.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}

/// Runs two request loops, `baseline` and `candidate`, for `requests` requests each, `rounds` times, interleaved in blocks.
///
/// Both loops are warmed up first (connections, caches). Each round then runs both sides in `blocks`
/// alternating blocks (who goes first alternates too), so a burst of noise on a shared machine falls on
/// both sides alike instead of on one whole round.
public func compareInterleaved(
    _ rounds: Int, requests: Int, blocks: Int = 20,
    baseline: @escaping @Sendable (Int) async throws -> Void, candidate: @escaping @Sendable (Int) async throws -> Void
) async throws -> InterleavedComparison {
    try await candidate(requests / blocks)
    try await baseline(requests / blocks)
    var result = InterleavedComparison(baseline: .infinity, candidate: .infinity, blockRatios: [])
    for _ in 0..<rounds {
        var round = (baseline: 0.0, candidate: 0.0)
        for block in 0..<blocks {
            let count = requests / blocks + (block < requests % blocks ? 1 : 0)
            let pair: (baseline: Double, candidate: Double)
            if block.isMultiple(of: 2) {
                let first = try await timeDetached { try await baseline(count) }
                pair = (first, try await timeDetached { try await candidate(count) })
            } else {
                let first = try await timeDetached { try await candidate(count) }
                pair = (try await timeDetached { try await baseline(count) }, first)
            }
            round.baseline += pair.baseline
            round.candidate += pair.candidate
            result.blockRatios.append(pair.candidate / pair.baseline)
        }
        result.baseline = min(result.baseline, round.baseline)
        result.candidate = min(result.candidate, round.candidate)
    }
    return result
}
