import FuzzSupport
import YAML

/// A shape the decoder tries on every document: scalars of each type, optionals, collections.
private struct Sample: Decodable {
    var name: String
    var port: Int?
    var ratio: Double?
    var enabled: Bool?
    var tags: [String]?
    var limits: [String: Int]?
    var children: [Sample]?
}

/// YAML parse, core-schema resolution and decoding of arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func yamlTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    do {
        for document in try YAMLParser.parse(FuzzCheck.bytes(data, size), file: "fuzz.yaml") {
            _ = document.resolved
            do {
                _ = try YAMLDecoder().decode(Sample.self, from: document)
            } catch {
                FuzzCheck.expectLocated(error)
            }
        }
    } catch {
        FuzzCheck.expectLocated(error)
    }
    return 0
}

@main
enum YAMLFuzz {
    static func main() { FuzzDriver.run(yamlTestOneInput) }
}
