// The edit loop: how long `swift build` (debug) of a package that generates its client with the build tool plugin
// takes after a one-line edit of its 100-endpoint spec. The baseline, measured in the same run, is the no-op build
// (nothing changed), which every rebuild also pays: SwiftPM's planning, the plugin's check, the driver's.
//
// The scratch package (kept between runs, default `.build/edit-loop-benchmark`, so the tool and the runtime are
// built once) has a library target holding `Bench.endpoints.yaml` (`makeSpec(endpoints: 100)`) and a hand-written
// extension of the client, and an executable that calls it. Each edit changes one line of one endpoint and builds;
// the next round changes it back, and so on, so every timed build follows a one-line change.
//
// Usage: edit-loop-benchmark [--rounds N] [--scratch DIR] [--endpointgen DIR]; `--endpointgen` names the EndpointGen
// package the scratch package depends on (default: this repository), e.g. an older checkout to measure it the same way.
import BenchmarkSupport
import Foundation

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
let rounds = option("--rounds").flatMap(Int.init) ?? 6
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let endpointGen = option("--endpointgen").map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? repository.path
let package = URL(fileURLWithPath: option("--scratch") ?? repository.appendingPathComponent(".build/edit-loop-benchmark").path)
let specURL = package.appendingPathComponent("Sources/BenchAPI/Bench.endpoints.yaml")

/// The endpoint every edit touches, and its lines as `makeSpec` writes them.
let endpoint = "get25"
let original = makeSpec(endpoints: 100)

/// One kind of one-line edit: the line as `makeSpec` writes it and as edited.
struct Edit {
    var name: String
    var line: String
    var edited: String
}
let edits = [
    Edit(name: "change a path", line: "    GET: /items25/{id}\n", edited: "    GET: /items25/{id}/details\n"),
    Edit(
        name: "add a query parameter",
        line: "    params: { id: Int, filter: \"[String]?\", page: { type: Int, default: 1 } }\n    response: Item25\n",
        edited: "    params: { id: Int, filter: \"[String]?\", page: { type: Int, default: 1 }, sort: String? }\n    response: Item25\n"),
    Edit(name: "change a description", line: "    description: Fetches item 25.\n", edited: "    description: Fetches item 25 by its id.\n"),
]
for edit in edits {
    precondition(original.components(separatedBy: edit.line).count == 2, "the spec has no single line to edit for \(edit.name)")
}

func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    // Only when it differs: rewriting the manifest would make SwiftPM plan the package again.
    if (try? String(contentsOf: url, encoding: .utf8)) != text { try text.write(to: url, atomically: true, encoding: .utf8) }
}

try write(
    """
    // swift-tools-version:6.0
    import PackageDescription
    let package = Package(
        name: "EditLoop",
        platforms: [.macOS(.v13)],
        dependencies: [.package(name: "EndpointGen", path: \(String(reflecting: endpointGen)))],
        targets: [
            .target(
                name: "BenchAPI", dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
                plugins: [.plugin(name: "EndpointGenPlugin", package: "EndpointGen")]),
            .executableTarget(name: "BenchApp", dependencies: ["BenchAPI"]),
        ],
        swiftLanguageModes: [.v6]
    )

    """, to: package.appendingPathComponent("Package.swift"))
try write(
    """
    import EndpointRuntime

    extension BenchClient {
        /// Hand-written code beside the generated client, as an app would have.
        public func firstItems(count: Int) async throws(EndpointError) -> [Item0] {
            var items: [Item0] = []
            for id in 0..<count { items.append(try await get0(id: id)) }
            return items
        }
    }

    """, to: package.appendingPathComponent("Sources/BenchAPI/BenchClient+Items.swift"))
try write(
    """
    import BenchAPI

    let fake = FakeBenchClient()
    print(type(of: fake), BenchEndpoints.get25(id: 1).path)

    """, to: package.appendingPathComponent("Sources/BenchApp/main.swift"))
try write(original, to: specURL)
// SwiftPM plans a build again only when the root package changes, so the first build would miss source files added to
// the EndpointGen checkout since the last run: a new modification date of the manifest makes it plan.
try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: package.appendingPathComponent("Package.swift").path)

/// One debug `swift build` of the scratch package: its wall time and the source files it compiled.
func build() -> (seconds: Double, compiled: [String]) {
    let cost = measure("/usr/bin/env", ["swift", "build"], in: package.path)
    guard cost.status == 0 else { fatalError("swift build failed:\n\(cost.output)") }
    // `[4/9] Compiling BenchAPI BenchClient+07.swift, BenchFake+07.swift`: a line per compile job.
    // (`Compiling plugin X` lines come with every build that reruns the generator, compiled or cached.)
    let lines = cost.output.split(separator: "\n").filter { $0.contains("] Compiling ") && !$0.contains("] Compiling plugin ") }
    let compiled = lines.flatMap { line in
        line.split(separator: " ").dropFirst(3).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
    }
    return (cost.seconds, compiled.sorted())
}

func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
}

func summary(_ times: [Double], baseline: Double) -> String {
    let sorted = times.sorted()
    let median = sorted.count.isMultiple(of: 2) ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
    return String(format: "%5.2f / %5.2f / %5.2f s  %5.2fx", sorted.first!, median, sorted.last!, median / baseline)
}

print("edit loop: debug swift build of \(package.path) (100 endpoints, the build tool plugin of \(endpointGen)); load average \(loadAverage())")
let first = build()
print(String(format: "first build: %.1f s (the tool and the runtime too when not built yet)", first.seconds))
_ = build()  // settles anything the first build left (a plugin rerun after the tool's link)

let noOps = (0..<rounds).map { _ in build().seconds }
let baseline = noOps.sorted()[noOps.count / 2]
print("what                         min / median / max      median / no-op   compiled")
print("no-op build (baseline)       \(summary(noOps, baseline: baseline))   nothing")

/// Rebuilds after a `touch` of the spec: the plugin reruns the generator, which writes nothing.
var touches: [Double] = []
for _ in 0..<rounds {
    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: specURL.path)
    touches.append(build().seconds)
}
print("touch the spec               \(summary(touches, baseline: baseline))   nothing")

for edit in edits {
    var times: [Double] = []
    var compiled: Set<String> = []
    for round in 0..<rounds {
        // Odd rounds make the edit, even rounds take it back: both are one-line edits.
        try write(round.isMultiple(of: 2) ? original.replacingOccurrences(of: edit.line, with: edit.edited) : original, to: specURL)
        let result = build()
        times.append(result.seconds)
        compiled.formUnion(result.compiled)
    }
    let files = compiled.sorted()
    let shown = files.count > 6 ? files.prefix(6).joined(separator: ", ") + ", ... (\(files.count) files)" : files.joined(separator: ", ")
    print("\(edit.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(summary(times, baseline: baseline))   \(shown)")
}
print("load average at the end \(loadAverage()); \(rounds) builds per row")
