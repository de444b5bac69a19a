import EndpointRuntime
import Foundation
import Testing

/// A type shaped as the generator writes an enum: its values and `rawValue` only, everything else from `OpenStringValue`.
private struct Plan: OpenStringValue {
    static var basic: Self { Self(rawValue: "basic") }
    static var pro: Self { Self(rawValue: "pro") }
    static var knownValues: [Self] { [.basic, .pro] }
    let rawValue: String
    init(rawValue: String) { self.rawValue = rawValue }
}

/// The members every generated enum gets from `OpenStringValue`'s extension instead of writing them itself.
@Suite(.timeLimit(.minutes(2))) struct OpenStringValueTests {
    @Test func anyStringDecodesAndEncodesBackAsItCame() throws {
        let decoded = try JSONDecoder().decode([Plan].self, from: Data(#"["pro", "enterprise"]"#.utf8))
        #expect(decoded == [.pro, Plan(rawValue: "enterprise")])
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["pro","enterprise"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Plan.self, from: Data("3".utf8)) }
    }

    @Test func equalityAndHashingFollowTheRawValue() {
        #expect(Plan.basic == Plan(rawValue: "basic"))
        #expect(Plan.basic != Plan.pro)
        #expect(Set([Plan.basic, Plan(rawValue: "basic"), .pro]) == [.basic, .pro])
        #expect(Plan.basic.hashValue == Plan(rawValue: "basic").hashValue)
        #expect([Plan.pro: 1][Plan(rawValue: "pro")] == 1)
        // A switch matches the static members, as over the cases of an enum.
        switch Plan(rawValue: "pro") {
        case .basic: Issue.record("matched the wrong value")
        case .pro: break
        default: Issue.record("matched no value")
        }
    }

    @Test func itReadsAsItsTextInStringsAndParameters() {
        #expect(Plan.pro.description == "pro")
        #expect("\(Plan(rawValue: "team"))" == "team")
        #expect(Plan.basic.parameterValues == ["basic"])
        #expect([Plan.basic, .pro].parameterValues == ["basic", "pro"])
        #expect(Plan.knownValues.map(\.rawValue) == ["basic", "pro"])
    }
}
