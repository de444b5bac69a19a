import EndpointGenCore
import EndpointSpec
import FuzzSupport

/// The default templates, compiled once.
private let generator: Generator = {
    do {
        return try Generator()
    } catch {
        fatalError("the default templates do not compile: \(error)")
    }
}()

/// The whole pipeline in memory: a spec that loads must generate; one that does not must say where.
@_cdecl("LLVMFuzzerTestOneInput")
public func generateTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSpecInput(FuzzCheck.bytes(data, size))
    let loaded: LoadedSpec
    do {
        loaded = try SpecLoader.load(text: input.text, path: "Specs/Fuzz.yaml", readInclude: { _ in input.included })
    } catch {
        FuzzCheck.expectLocated(error)
        return 0
    }
    do {
        _ = try generator.generate(loaded.spec, specPath: "Specs/Fuzz.yaml")
    } catch {
        preconditionFailure("a spec that loads failed to generate: \(error)")
    }
    return 0
}

@main
enum GenerateFuzz {
    static func main() { FuzzDriver.run(generateTestOneInput) }
}
