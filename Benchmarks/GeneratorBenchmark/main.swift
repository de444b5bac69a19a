// Times `endpointgen generate` (the release executable, the whole process) on synthetic specs of 100, 1,000
// and 5,000 endpoints, with its peak memory. The baseline, measured in the same run on the same spec, is
// `endpointgen lint` (start-up + load + validate + translate, no rendering), so the ratio shows what rendering and writing add. Then it
// times `swift build` of the generated 1,000-endpoint client in a scratch package.
import BenchmarkSupport
import EndpointGenCore
import EndpointSpec
import Foundation

let products = Bundle.main.bundleURL
let endpointgen = products.appendingPathComponent("endpointgen").path
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("generator-benchmark-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: scratch.appendingPathComponent("Specs"), withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

/// The best of three runs, by wall time.
func bestOfThree(_ arguments: [String]) -> ProcessCost {
    let runs = (0..<3).map { _ in measure(endpointgen, arguments, in: scratch.path) }
    guard let failed = runs.first(where: { $0.status != 0 }) else { return runs.min { $0.seconds < $1.seconds }! }
    fatalError("endpointgen \(arguments.joined(separator: " ")) failed:\n\(failed.output)")
}

print("endpointgen generate, release build, whole process, best of 3 (baseline: endpointgen lint of the same spec)")
print("endpoints  spec KiB  generated KiB  generate  per endpoint  lint (baseline)  generate/lint  peak memory")
var firstPerEndpoint: Double?
for count in [100, 1_000, 5_000] {
    let name = "Bench\(count)"
    let spec = makeSpec(endpoints: count).replacingOccurrences(of: "name: Bench", with: "name: \(name)")
    try spec.write(to: scratch.appendingPathComponent("Specs/\(name).yaml"), atomically: true, encoding: .utf8)
    let lint = bestOfThree(["lint", "Specs/\(name).yaml"])
    // A fresh output folder each run, so every run writes every file.
    let generate = (0..<3).map { run -> ProcessCost in
        let cost = measure(endpointgen, ["generate", "Specs/\(name).yaml", "--output", "Out\(count)-\(run)", "--quiet"], in: scratch.path)
        precondition(cost.status == 0, "endpointgen generate failed:\n\(cost.output)")
        return cost
    }.min { $0.seconds < $1.seconds }!
    let folder = scratch.appendingPathComponent("Out\(count)-0/\(name)")
    let bytes = try FileManager.default.contentsOfDirectory(atPath: folder.path).reduce(0) { total, file in
        total + ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(file).path)[.size] as? Int) ?? 0)
    }
    let perEndpoint = generate.seconds / Double(count)
    firstPerEndpoint = firstPerEndpoint ?? perEndpoint
    print(String(
        format: "%9d  %8d  %13d  %7.1f ms  %9.1f µs  %12.1f ms  %12.2fx  %8.1f MiB",
        count, spec.utf8.count / 1024, bytes / 1024, generate.seconds * 1000, perEndpoint * 1e6, lint.seconds * 1000,
        generate.seconds / lint.seconds, generate.peakMiB))
}

// Where the time goes, in process: load+validate, then translate+render (best of 3 each).
do {
    let spec = makeSpec(endpoints: 1_000)
    let generator = try Generator()
    let clock = ContinuousClock()
    var loaded: LoadedSpec?
    let load = (0..<3).map { _ in seconds(clock.measure { loaded = try? SpecLoader.load(text: spec, path: "Bench.yaml") { _ in "" } }) }.min()!
    let render = (0..<3).map { _ in seconds(clock.measure { _ = try? generator.generate(loaded!.spec, specPath: "Bench.yaml") }) }.min()!
    print(String(format: "in process, 1,000 endpoints: load+validate %.1f ms, translate+render %.1f ms", load * 1000, render * 1000))
}

// `swift build` of the 1,000-endpoint client (minutes on 2 cores; `--no-build` leaves it out), in a package that depends on this repository's runtime.
if CommandLine.arguments.contains("--no-build") { exit(0) }
let package = scratch.appendingPathComponent("Client")
try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources"), withIntermediateDirectories: true)
try FileManager.default.copyItem(at: scratch.appendingPathComponent("Out1000-0/Bench1000"), to: package.appendingPathComponent("Sources/Bench1000"))
try """
    // swift-tools-version:6.0
    import PackageDescription
    let package = Package(
        name: "Client",
        dependencies: [.package(name: "EndpointGen", path: \(String(reflecting: repository.path)))],
        targets: [.target(name: "Bench1000", dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")])]
    )
    """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
let swift = "/usr/bin/env"
let clean = measure(swift, ["swift", "build", "--target", "Bench1000"], in: package.path)
precondition(clean.status == 0, "swift build failed:\n\(clean.output)")
let warnings = clean.output.split(separator: "\n").filter { $0.contains("warning:") && $0.contains("Bench1000") }.count
let client = package.appendingPathComponent("Sources/Bench1000")
for file in try FileManager.default.contentsOfDirectory(atPath: client.path) {
    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: client.appendingPathComponent(file).path)
}
let rebuild = measure(swift, ["swift", "build", "--target", "Bench1000"], in: package.path)
precondition(rebuild.status == 0, "swift build failed:\n\(rebuild.output)")
print(String(
    format: "swift build (debug) of the generated 1,000-endpoint client: %.1f s from clean (runtime included), %.1f s for the client alone after touching it; %d warnings",
    clean.seconds, rebuild.seconds, warnings))
