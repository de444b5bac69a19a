import Testing
import YAML

/// Keys within keys resolve to text as long as their source, not exponentially longer (found by fuzzing:
/// Tests/Fuzz/Regressions/yaml/nested-complex-keys.yaml took minutes and a gigabyte).
@Suite struct YAMLKeyTests {
    @Test func nestedComplexKeysResolveToTheirFlowText() throws {
        var text = "x"
        for _ in 0..<29 { text = "{[\(text)]: v}" }
        let root = try YAMLParser.parseDocument("{[\(text)]: v}", file: "keys.yaml")
        #expect(root.resolved == .object([YAMLValue.Member(key: "[\(text)]", value: .string("v"))]))
    }
}
