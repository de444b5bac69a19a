import FuzzSupport
import EndpointSpec

/// Spec load and validation of arbitrary text; every include reads the same text again.
@_cdecl("LLVMFuzzerTestOneInput")
public func specTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzCheck.bytes(data, size), as: UTF8.self)
    do {
        _ = try SpecLoader.load(text: text, path: "Specs/Fuzz.yaml", readInclude: { _ in text })
    } catch {
        FuzzCheck.expectLocated(error)
    }
    return 0
}

@main
enum SpecFuzz {
    static func main() { FuzzDriver.run(specTestOneInput) }
}
