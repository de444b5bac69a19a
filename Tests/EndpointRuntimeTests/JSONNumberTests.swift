import EndpointRuntime
import Foundation
import Testing

/// `JSON` keeps a number's exact value: what a server sends encodes back digit for digit, and numbers are equal by
/// value however they were written or built.
@Suite(.timeLimit(.minutes(2))) struct JSONNumberTests {
    func roundTrip(_ text: String) throws -> String {
        let value = try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
        return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    @Test(arguments: [
        "9007199254740993", "-9223372036854775808", "9223372036854775807", "18446744073709551615",
        "0.1000000000000000055511151231257827", "3.14159265358979323846264338327950288", "123456789.123456789",
        "0.1", "-2.5", "0", "[9007199254740993,0.30000000000000004]", #"{"id":12345678901234567890}"#,
    ])
    func numbersEncodeBackAsTheyCame(text: String) throws {
        #expect(try roundTrip(text) == text)
    }

    /// Beyond `Decimal`'s range a number is a `Double`, which holds it as closely as JSON decoders read it.
    @Test func numbersBeyondDecimalsRangeStayDoubles() throws {
        #expect(try JSONDecoder().decode(JSON.self, from: Data("1e300".utf8)).doubleValue == 1e300)
        #expect(try roundTrip("1e300") == "1e+300")
    }

    @Test func accessorsReadTheExactValue() throws {
        let id = try JSONDecoder().decode(JSON.self, from: Data("9007199254740993".utf8))
        #expect(id.int64Value == 9_007_199_254_740_993)
        #expect(id.intValue == 9_007_199_254_740_993)
        let price = try JSONDecoder().decode(JSON.self, from: Data("19.99".utf8))
        #expect(price.decimalValue == Decimal(string: "19.99"))
        #expect(price.doubleValue == 19.99)
        #expect(price.int64Value == nil)
        #expect(JSON.number(JSONNumber(UInt64.max)).description == "18446744073709551615")
    }

    @Test func numbersAreEqualByValue() throws {
        let decoded = try JSONDecoder().decode(JSON.self, from: Data("[1.0, 1e0, 0.1, 2.50]".utf8))
        #expect(decoded == [1, 1, 0.1, 2.5])
        #expect(Set([JSONNumber(1), JSONNumber(1.0), JSONNumber(Decimal(string: "1.00")!)]).count == 1)
        #expect(JSONNumber(Decimal(string: "0.1")!) == JSONNumber(0.1))
        #expect(JSONNumber(9_007_199_254_740_993 as Int64) != JSONNumber(9_007_199_254_740_992 as Int64))
        #expect(decoded[3]?.description == "2.5")
    }

    /// Structured parameters (`deepObject`) and `decode(as:)` go through `JSON` too.
    @Test func conversionsKeepTheDigits() throws {
        struct Order: Codable, Equatable {
            var id: Int64
            var total: Decimal
        }
        let order = Order(id: 9_007_199_254_740_993, total: Decimal(string: "0.1000000000000000055511151231257827")!)
        let value = try JSON(encoding: order)
        #expect(value["id"]?.int64Value == 9_007_199_254_740_993)
        #expect(try value.decode(as: Order.self) == order)
        let pairs = try StructuredParameterEncoder.pairs("order", order, style: .deepObject)
        #expect(pairs.map(\.value) == ["9007199254740993", "0.1000000000000000055511151231257827"])
    }
}
