import FuzzSupport
import YAML

/// YAML parse and core-schema resolution of arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func yamlTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    do {
        for document in try YAMLParser.parse(FuzzCheck.bytes(data, size), file: "fuzz.yaml") {
            _ = document.resolved
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
