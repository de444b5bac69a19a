import EndpointSpec
import FuzzSupport

/// Spec load and validation of arbitrary text (see `FuzzSpecInput` for includes).
@_cdecl("LLVMFuzzerTestOneInput")
public func specTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSpecInput(FuzzCheck.bytes(data, size))
    do {
        _ = try SpecLoader.load(text: input.text, path: "Specs/Fuzz.yaml", readInclude: { _ in input.included })
    } catch {
        FuzzCheck.expectLocated(error)
    }
    return 0
}

@main
enum SpecFuzz {
    static func main() { FuzzDriver.run(specTestOneInput) }
}
