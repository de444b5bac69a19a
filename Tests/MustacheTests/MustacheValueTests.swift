import Foundation
import Mustache
import Testing

@Suite struct MustacheValueTests {
    struct Parameter: Encodable {
        let name: String
        let required: Bool
    }

    struct Endpoint: Encodable {
        let name: String
        let retries: Int
        let timeout: Double
        let summary: String?
        let parameters: [Parameter]
    }

    /// A `nil` optional is kept as `null` (not dropped), so strict templates can test it in a section.
    @Test func encodableBecomesAMapWithIntsKeptAndNilAsNull() throws {
        let endpoint = Endpoint(name: "getUser", retries: 3, timeout: 2.5, summary: nil,
                                parameters: [Parameter(name: "id", required: true)])
        let expected: MustacheValue = [
            "name": "getUser", "retries": 3, "timeout": 2.5, "summary": nil,
            "parameters": [["name": "id", "required": true]],
        ]
        #expect(try MustacheValue(endpoint) == expected)
        // Through variables: `MustacheValue(3)` with a literal would be the literal initializer.
        let (whole, fraction, list) = (3, 2.5, ["a", "b"])
        #expect(try MustacheValue(whole) == .int(3))
        #expect(try MustacheValue(fraction) == .double(2.5))
        #expect(try MustacheValue(list) == ["a", "b"])
    }

    enum Method: String, Encodable {
        case get = "GET"
    }

    struct Odd: Encodable {
        let method: Method
        let url: URL
        let small: UInt8
        let huge: UInt64
        let maybe: [Int?]
        let nested: [String: [Float]]
    }

    @Test func encoderHandlesEnumsURLsOtherIntegersAndNesting() throws {
        let odd = Odd(method: .get, url: URL(string: "https://api.example.com/v1")!, small: 7, huge: .max,
                      maybe: [1, nil], nested: ["k": [0.5]])
        let expected: MustacheValue = [
            "method": "GET", "url": "https://api.example.com/v1", "small": 7, "huge": .double(Double(UInt64.max)),
            "maybe": [1, nil], "nested": ["k": [0.5]],
        ]
        #expect(try MustacheValue(odd) == expected)
    }

    @Test func encodingAValueGivesItBack() throws {
        let value: MustacheValue = ["l": [1, 0.5, true, nil, "s"], "m": ["k": "v"]]
        #expect(try MustacheValue(value) == value)
    }

    @Test func parsesJSONKeepingBooleansAndIntsApart() throws {
        let json = #"{"n": 1, "zero": 0, "d": 0.5, "t": true, "f": false, "s": "x", "z": null, "l": [1, "two"]}"#
        let value = try MustacheValue(json: Data(json.utf8))
        #expect(value == ["n": 1, "zero": 0, "d": 0.5, "t": true, "f": false, "s": "x", "z": nil, "l": [1, "two"]])
    }

    @Test func encodesBackToTheSameJSONShape() throws {
        let value: MustacheValue = ["l": [1, 0.5, true, nil, "s"], "m": ["k": "v"]]
        #expect(try MustacheValue(json: JSONEncoder().encode(value)) == value)
    }
}
