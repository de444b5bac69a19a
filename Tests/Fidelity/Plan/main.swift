import Diagnostics
import EndpointGenCore
import EndpointSpec
import Foundation
import OpenAPIImport

// fidelity-plan DOCUMENT FOLDER [--sample N]: the fidelity harness's view of one OpenAPI document or EndpointGen spec
// (Tests/Fidelity/README.md). It writes into FOLDER:
// - document.json: the schemas as JSON (an OpenAPI document as the importer reads it; a spec's models as JSON Schemas),
//   each mapping with `x-fidelity-lines`, the lines of the document it spans;
// - plan.json: the schemas to check (pointer into document.json, Swift type, line), how many the document has, and the
//   warnings `endpointgen generate` prints for it (the importer's and the generator's, the same functions);
// - Sources/: the generated client of those schemas' types and a `main.swift` that reads `INDEX<tab>JSON` lines and
//   prints, per line, `OK<tab>JSON` (decoded as the type by the client's decoder, encoded back by its encoder) or
//   `DECODE<tab>WHY` / `ENCODE<tab>WHY`.
// With --sample N, a document that reaches more than N schemas keeps N of them, chosen by a stable hash of their
// pointers (the same N every run).

struct Target {
    var pointer: String
    var type: TypeRef
    var line: Int
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fidelity-plan: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 || (arguments.count == 4 && arguments[2] == "--sample"), let sampleSize = arguments.count == 4 ? Int(arguments[3]) : Int.max else {
    fail("usage: fidelity-plan DOCUMENT FOLDER [--sample N]")
}
let (path, folder) = (arguments[0], URL(fileURLWithPath: arguments[1]))

let text: String
do { text = try String(contentsOfFile: path, encoding: .utf8) } catch { fail("cannot read \(path): \(error)") }

var spec: Spec
var targets: [Target]
var documentJSON: String
var warnings: [Diagnostic]
var untyped = 0
/// How many schemas with a type the document reaches, before sampling.
var total = 0
do {
    if OpenAPIImporter.isOpenAPI(text) {
        let schemas = try OpenAPIImporter.reachedSchemas(text: text, path: path) { try String(contentsOfFile: $0, encoding: .utf8) }
        targets = schemas.reached.map { Target(pointer: $0.pointer, type: $0.type, line: $0.location.line) }
        documentJSON = schemas.documentJSON
        warnings = schemas.loaded.warnings
        untyped = schemas.untyped
        total = targets.count
        let kept = sample(targets, size: sampleSize)
        spec = schemas.spec(for: schemas.reached.filter { reached in kept.contains { $0.pointer == reached.pointer } })
        targets = kept
    } else {
        let loaded = try SpecLoader.load(path: path)
        spec = loaded.spec
        warnings = loaded.warnings
        targets = spec.models.map { Target(pointer: "/components/schemas/\(escape($0.name))", type: .model($0.name), line: $0.location.line) }
        documentJSON = SpecSchemas.document(spec)
        total = targets.count
        targets = sample(targets, size: sampleSize)
    }
} catch {
    fail(error.diagnostics.map(\.description).joined(separator: "\n"))
}

/// `size` of `targets` chosen by a stable hash of their pointers, in their order; all of them when there are no more.
func sample(_ targets: [Target], size: Int) -> [Target] {
    guard targets.count > size else { return targets }
    let chosen = Set(targets.map(\.pointer).sorted { (stableHash($0), $0) < (stableHash($1), $1) }.prefix(size))
    return targets.filter { chosen.contains($0.pointer) }
}

/// FNV-1a: the same in every run (`hashValue` is seeded per process).
func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
}

func escape(_ token: String) -> String {
    token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
}

func json(_ value: Any) -> Data {
    // Sorted keys: the same plan, byte for byte, for the same document.
    (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data()
}

func write(_ data: Data, to url: URL) throws {
    if let existing = try? Data(contentsOf: url), existing == data { return }  // unchanged files keep the build incremental
    try data.write(to: url, options: .atomic)
}

do {
    let files = try Generator(options: GeneratorOptions(access: .internal)).generate(spec, specPath: path)
    warnings += files.warnings
    let sources = folder.appendingPathComponent("Sources")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    let swiftType = Generator.swiftTypes(of: spec)
    var names: Set<String> = ["main.swift"]
    for file in files.files {
        let name = URL(fileURLWithPath: file.path).lastPathComponent
        names.insert(name)
        try write(Data(file.contents.utf8), to: sources.appendingPathComponent(name))
    }
    let driver = driverSource(clientName: SwiftName.type(spec.name) + "Client", types: targets.map { swiftType($0.type) })
    try write(Data(driver.utf8), to: sources.appendingPathComponent("main.swift"))
    for stale in try FileManager.default.contentsOfDirectory(atPath: sources.path) where !names.contains(stale) {
        try FileManager.default.removeItem(at: sources.appendingPathComponent(stale))
    }
    try write(Data(documentJSON.utf8), to: folder.appendingPathComponent("document.json"))
    let plan: [String: Any] = [
        "document": path,
        "total": total,
        "untyped": untyped,
        "targets": targets.map { ["pointer": $0.pointer, "type": swiftType($0.type), "line": $0.line] as [String: Any] },
        "warnings": warnings.filter { $0.severity == .warning }.map { warning -> [String: Any] in
            ["file": warning.location?.file ?? "", "line": warning.location?.line ?? 0, "column": warning.location?.column ?? 0, "message": warning.message]
        },
    ]
    try write(json(plan), to: folder.appendingPathComponent("plan.json"))
} catch {
    fail("cannot generate the client of \(path): \(error)")
}
