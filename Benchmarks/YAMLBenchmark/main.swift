// Parses a generated ~10 MB YAML file into the node tree and, in the same run, times PyYAML's C loader
// (libyaml underneath, `yaml.CSafeLoader`) on the same file. Run: `swift run -c release yaml-benchmark`.
import Foundation
import YAML

/// A deterministic YAML document of about `bytes` bytes: mappings, sequences, quoted strings, numbers, block scalars.
func generateDocument(bytes target: Int) -> String {
    var text = "version: 1.0\nname: \"Benchmark API\"\nendpoints:\n"
    var index = 0
    while text.utf8.count < target {
        text += """
              - name: "endpoint-\(index)"
                id: \(index)
                path: /v1/users/{id}/items/\(index % 97)
                method: \(["GET", "POST", "PUT", "DELETE"][index % 4])
                price: \(Double(index % 1000) / 4)
                enabled: \(index % 3 == 0)
                tags: [alpha, beta, 'gamma \(index % 7)', null]
                description: |
                  Returns the items of a user, page by page.
                  Item \(index) is ordered by creation date.
                params:
                  - {name: id, in: path, required: true}
                  - name: limit
                    in: query
                    default: \(index % 50 + 1)

            """
        index += 1
    }
    return text
}

/// Peak resident memory of this process in bytes.
func peakMemory() -> Int {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024  // KiB on Linux
    #else
    getrusage(RUSAGE_SELF, &usage)
    return usage.ru_maxrss  // bytes on Darwin
    #endif
}

/// The best of `runs` timings of `body`, in seconds.
func best(of runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var fastest = Double.infinity
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        fastest = min(fastest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return fastest
}

/// PyYAML's C loader on `path`, best of `runs`, in a child process: (seconds, peak memory in bytes).
func timePyYAML(path: String, runs: Int) throws -> (seconds: Double, peakMemory: Int) {
    let script = """
        import resource, sys, time, yaml
        if not getattr(yaml, "__with_libyaml__", False):
            sys.exit("PyYAML is installed without libyaml, so yaml.CSafeLoader is missing")
        best = float("inf")
        for _ in range(int(sys.argv[2])):
            with open(sys.argv[1], "rb") as f:
                start = time.perf_counter()
                yaml.load(f, Loader=yaml.CSafeLoader)
                best = min(best, time.perf_counter() - start)
        print(best, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * (1 if sys.platform == "darwin" else 1024))
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, path, String(runs)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
    guard process.terminationStatus == 0, fields.count == 2,
        let seconds = Double(fields[0]), let memory = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines))
    else {
        throw BenchmarkError(message: "python3 with PyYAML's C loader failed (exit \(process.terminationStatus)); install python3-yaml")
    }
    return (seconds, memory)
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String { message }
    let message: String
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

let runs = 3
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaml-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let file = folder.appendingPathComponent("bench.yaml")
try generateDocument(bytes: 10_000_000).write(to: file, atomically: true, encoding: .utf8)
let bytes = [UInt8](try Data(contentsOf: file))

var nodes = 0
let ours = try best(of: runs) {
    let documents = try YAMLParser.parse(bytes, file: file.path)
    nodes = documents[0]["endpoints"]?.sequence?.count ?? 0
}
let ourPeak = peakMemory()
do {
    let python = try timePyYAML(path: file.path, runs: runs)
    print("file: \(megabytes(bytes.count)), \(nodes) endpoints; best of \(runs) runs")
    print(String(format: "EndpointGen YAMLParser.parse: %.3f s, peak memory %@", ours, megabytes(ourPeak)))
    print(String(format: "PyYAML CSafeLoader:          %.3f s, peak memory %@", python.seconds, megabytes(python.peakMemory)))
    print(String(format: "ratio (ours / PyYAML): %.2fx (target: at most 0.50x)", ours / python.seconds))
} catch {
    print("yaml-benchmark: \(error)")
    exit(1)
}
