@testable import EndpointGenCore
import EndpointSpec
import Mustache
import Testing

/// The context's hand-built template values (`ContextValues.swift`) equal what `Encodable` gives, key for key,
/// for every spec we generate, so no property can go missing from the templates' view.
@Suite struct ContextValueTests {
    @Test(arguments: GoldenTests.cases().map(\.0))
    func directValuesEqualTheEncodedOnes(specPath: String) throws {
        let loaded = try SpecLoader.load(path: GoldenTests.root.appendingPathComponent(specPath).path)
        for options in [GeneratorOptions(), GeneratorOptions(access: .internal, completionHandlers: true)] {
            let (context, _) = translateSpec(loaded.spec, specPath: specPath, options: options)
            #expect(context.mustacheValue == (try MustacheValue(context)))
        }
    }
}
