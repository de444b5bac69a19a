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

/// An integer enum as the generator writes one (`type: integer, enum: [0, 10]`).
private struct Level: OpenEnumValue {
    static var _0: Self { Self(rawValue: 0) }
    static var _10: Self { Self(rawValue: 10) }
    static var knownValues: [Self] { [._0, ._10] }
    let rawValue: Int
    init(rawValue: Int) { self.rawValue = rawValue }
}

/// The members every generated enum gets from `OpenStringValue`'s (`OpenEnumValue`'s) extension instead of writing them itself.
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

    /// A number enum is coded as the number it is, known or not, and sent as its digits.
    @Test func aNumberEnumDecodesAndEncodesAnyNumberAndReadsAsItsDigits() throws {
        let decoded = try JSONDecoder().decode([Level].self, from: Data("[10, 30]".utf8))
        #expect(decoded == [._10, Level(rawValue: 30)])
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == "[10,30]")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Level.self, from: Data(#""10""#.utf8)) }
        #expect(Level._10.description == "10")
        #expect([Level._0, Level(rawValue: 30)].parameterValues == ["0", "30"])
    }
}
