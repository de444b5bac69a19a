// For each OpenAPI document of ../shared/testdata/openapi (every one, whole, then Stripe's slices): YAML parsing alone (the baseline), import, and
// generation, best of 3, with the peak memory of a process that does only that; the whole `endpointgen generate`
// process as a user runs it (best of 3); then the debug build of the generated client (swiftc -Onone in batch mode
// on every core, as `swift build` builds a debug target, against EndpointRuntime; best of 3 below 10,000 lines, else
// one build) with its wall time and the peak memory of its largest compiler process.
//
// Usage: openapi-benchmark [--no-compile]; each document runs in a child process (`--one PATH [FILTER]`)
// so its peak memory is its own.
import EndpointGenCore
import Foundation
import OpenAPIImport
import YAML

/// The documents and the slices measured: a filter is `tag:NAME`, `path:PREFIX*` or `operation:ID,ID,...`. The five
/// customer operations are the reference's slice (list, create, retrieve, update, delete).
let customerOperations = "operation:GetCustomers,PostCustomers,GetCustomersCustomer,PostCustomersCustomer,DeleteCustomersCustomer"
/// Every document of the folder is measured whole (`documents` lists those found), then Stripe's slices.
let knownCases: [(file: String, filter: String?)] = [
    ("stripe-spec3-2023-09-12.yaml", customerOperations),
    ("stripe-spec3-2023-09-12.yaml", "path:/v1/customers*"),
]

/// Peak resident set size of this process so far, in MiB (`VmHWM`: `ru_maxrss` survives `exec` on Linux).
func peakMemoryMiB() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? .nan
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The best of `runs` timings of `work`, in seconds, and its last result.
func best<T>(of runs: Int = 3, _ work: () throws -> T) rethrows -> (Double, T) {
    var fastest = Double.infinity
    var result: T?
    for _ in 0..<runs {
        let clock = ContinuousClock()
        let start = clock.now
        result = try work()
        fastest = min(fastest, seconds(clock.now - start))
    }
    return (fastest, result!)
}

func options(_ filter: String?) -> ImportOptions {
    guard let filter else { return ImportOptions() }
    if filter.hasPrefix("tag:") { return ImportOptions(tags: [String(filter.dropFirst(4))]) }
    if filter.hasPrefix("operation:") { return ImportOptions(operations: filter.dropFirst(10).split(separator: ",").map(String.init)) }
    return ImportOptions(paths: [String(filter.dropFirst(5))])
}

/// Child mode: measure one document, write the generated client to `outputDirectory`, print one line of figures.
func measureOne(path: String, filter: String?, outputDirectory: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let (parse, _) = try best { try OpenAPIImporter.parse(text: text, path: path) }
    let (importTime, loaded) = try best {
        try OpenAPIImporter.load(text: text, path: path, options: options(filter)) { try String(contentsOfFile: $0, encoding: .utf8) }
    }
    let generator = try Generator()
    let (generate, result) = try best { try generator.generate(loaded.spec, specPath: path) }
    let lines = result.files.reduce(0) { $0 + $1.contents.split(separator: "\n", omittingEmptySubsequences: false).count }
    for file in result.files {
        let url = URL(fileURLWithPath: outputDirectory).appendingPathComponent(URL(fileURLWithPath: file.path).lastPathComponent)
        try Data(file.contents.utf8).write(to: url)
    }
    print(String(
        format: "%.1f|%.1f|%.1f|%.0f|%d|%d|%d|%d", parse * 1000, importTime * 1000, generate * 1000, peakMemoryMiB(),
        loaded.spec.endpoints.count, loaded.spec.models.count, lines, loaded.warnings.count))
}

/// Runs a process to completion: wall seconds, peak memory of the child in MiB, exit status, output.
func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> (seconds: Double, peakMiB: Double, status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    let clock = ContinuousClock()
    let start = clock.now
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let elapsed = seconds(clock.now - start)
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)  // the largest child so far: compiles come last and dominate
    return (elapsed, Double(usage.ru_maxrss) / 1024, process.terminationStatus, String(decoding: output, as: UTF8.self))
}

func which(_ tool: String) -> String {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let path = "\(directory)/\(tool)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return tool
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--one", arguments.count >= 3 {
    try measureOne(path: arguments[1], filter: arguments.count > 3 ? arguments[3] : nil, outputDirectory: arguments[2])
    exit(0)
}

let testdata = ProcessInfo.processInfo.environment["ENDPOINTGEN_TESTDATA"].map { $0 + "/openapi" }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/testdata/openapi").standardized.path
let compile = !arguments.contains("--no-compile")
let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
let swiftc = which("swiftc")

// Every OpenAPI document of the folder, smallest first, whole; then the slices of the ones that have them.
let documents = ((try? FileManager.default.contentsOfDirectory(atPath: testdata)) ?? [])
    .filter { [".yaml", ".yml", ".json"].contains(where: $0.hasSuffix) }
    .map { (file: $0, size: (try? FileManager.default.attributesOfItem(atPath: testdata + "/" + $0)[.size] as? Int) ?? 0) }
    .sorted { ($0.size, $0.file) < ($1.size, $1.file) }
    .map(\.file)
let cases: [(file: String, filter: String?)] = (documents.isEmpty ? ["petstore.yaml", "stripe-spec3-2023-09-12.yaml"] : documents).map { ($0, nil) }
    + knownCases.filter { documents.isEmpty || documents.contains($0.file) }
print("OpenAPI import on \(testdata) (best of 3 in-process; debug build with \(swiftc) -Onone, batch mode on every core, against EndpointRuntime)")
print("document | endpoints | models | warnings | parse (baseline) | import | generate | import+generate / parse | peak memory | `endpointgen generate` process | generated lines | debug build | build peak memory | build / (import+generate)")
print("---|---|---|---|---|---|---|---|---|---|---|---|---|---")
for (file, filter) in cases {
    let path = testdata + "/" + file
    guard FileManager.default.fileExists(atPath: path) else {
        print("\(file): missing (set ENDPOINTGEN_TESTDATA)")
        continue
    }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-benchmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: output) }
    let child = try run(CommandLine.arguments[0], ["--one", path, output.path] + (filter.map { [$0] } ?? []))
    let figures = child.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").map(String.init)
    guard child.status == 0, figures.count == 8, let parse = Double(figures[0]), let importTime = Double(figures[1]), let generate = Double(figures[2]) else {
        print("\(file): failed: \(child.output.prefix(2000))")
        continue
    }
    let name = file + (filter.map { " (\($0 == customerOperations ? "5 customer operations" : $0))" } ?? "")
    var row = "\(name) | \(figures[4]) | \(figures[5]) | \(figures[7]) | \(figures[0]) ms | \(figures[1]) ms | \(figures[2]) ms | "
        + String(format: "%.1fx", (importTime + generate) / parse) + " | \(figures[3]) MiB | "
    // The CLI as a user runs it: reading, detecting OpenAPI, importing, generating, writing, in a fresh folder each time.
    let slice = options(filter)
    let filterArguments = slice.tags.flatMap { ["--include-tag", $0] } + slice.paths.flatMap { ["--include-path", $0] }
        + slice.operations.flatMap { ["--include-operation", $0] }
    var cliBest = Double.infinity
    for attempt in 0..<3 {
        let folder = output.appendingPathComponent("cli-\(attempt)").path
        let cli = try run(binDirectory + "/endpointgen", ["generate", path, "--output", folder] + filterArguments)
        guard cli.status == 0 else { fatalError("endpointgen generate \(path) failed:\n\(cli.output.prefix(2000))") }
        cliBest = min(cliBest, cli.seconds)
    }
    row += String(format: "%.2f s | ", cliBest) + figures[6]
    if compile {
        let sources = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".swift") }.sorted()
        // As `swift build` compiles a debug target: one frontend job per core, a batch of files each, one object
        // file per source file, plus the module interface.
        let arguments = [
            "-c", "-Onone", "-enable-batch-mode", "-j", String(ProcessInfo.processInfo.activeProcessorCount),
            "-parse-as-library", "-swift-version", "6", "-module-name", "Client", "-I", binDirectory + "/Modules",
            "-emit-module", "-emit-module-path", output.appendingPathComponent("Client.swiftmodule").path,
        ] + sources.map { output.appendingPathComponent($0).path }
        var build = try run(swiftc, arguments, in: output)
        if (Int(figures[6]) ?? 0) < 10_000 {
            for _ in 0..<2 {
                let again = try run(swiftc, arguments, in: output)
                if again.seconds < build.seconds { build = again }
            }
        }
        let warnings = build.output.components(separatedBy: "warning:").count - 1
        let status = build.status == 0 ? "" : " (FAILED: \(build.output.components(separatedBy: "error:").count - 1) errors)"
        row += String(format: " | %.1f s%@ | %.0f MiB | %.1fx", build.seconds, status, build.peakMiB, build.seconds * 1000 / (importTime + generate))
        if warnings > 0 { row += " (\(warnings) compiler warnings)" }
    }
    print(row)
}
print("Reference (swift-openapi-generator 1.13, testdata README): petstore generate 0.27 s, debug build 9.6 s; stripe generate 32 s, debug build did not finish in 15 min (13 GB); 5 customer operations: build 9 min, 2.9 GB.")
