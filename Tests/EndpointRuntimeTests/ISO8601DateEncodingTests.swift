import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `DateCoding.iso8601` writes a date's fractional seconds wherever a date is sent (JSON and XML bodies, query, path
/// and header parameters), to the microsecond, so a timestamp read from a server goes back as it came; whole seconds
/// are written without a fraction, as before.
@Suite(.timeLimit(.minutes(2))) struct ISO8601DateEncodingTests {
    struct Stamp: Codable, Sendable, Equatable {
        let at: Date
    }

    static let texts = [
        "2026-01-01T09:00:00.123456Z", "2026-12-01T11:53:22.110202Z", "2026-01-01T09:00:00.5Z",
        "2026-01-01T09:00:00.000001Z", "2026-01-01T09:00:00.999999Z", "1969-12-31T23:59:59.25Z", "2026-01-01T09:00:00Z",
    ]

    /// The date `text` stands for, read as a client configured with `.iso8601` reads it.
    static func date(_ text: String) throws -> Date {
        let value: JSON = ["at": .string(text)]
        return try value.decode(as: Stamp.self, dates: .iso8601).at
    }

    /// The request `date` goes out in as a JSON body, a query item, a path parameter and a header.
    func sent(_ date: Date) async throws -> URLRequest {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let configuration = ClientConfiguration(server: ServerAddress(host: "api.example.com"), retry: .none)
        let client = EndpointClient(configuration: configuration, transport: stub)
        _ = try await client.send(Request<Empty>(
            method: .post, path: "/at/{when}", pathParameters: ["when": date], query: [QueryItem("since", date)],
            headers: [HeaderField("X-Since", date)], body: .json(Stamp(at: date))))
        return try #require(stub.requests.first)
    }

    /// Decoded from its text, then sent: each place holds the same text.
    @Test(arguments: texts) func aDateGoesOutAsItCameIn(text: String) async throws {
        let decoded = try Self.date(text)
        let request = try await sent(decoded)
        #expect(String(decoding: request.httpBody ?? Data(), as: UTF8.self) == #"{"at":"\#(text)"}"#)
        let escaped = text.replacingOccurrences(of: ":", with: "%3A")
        #expect(request.url?.query == "since=\(escaped)")
        #expect(request.url?.path == "/at/\(text)")
        #expect(request.value(forHTTPHeaderField: "X-Since") == text)
        #expect(decoded.parameterValues == [text])
    }

    @Test func xmlBodiesKeepTheFractionToo() throws {
        let coder = XMLBodyCoder(dateCoding: .iso8601)
        let date = try Self.date("2026-01-01T09:00:00.123456Z")
        let xml = String(decoding: try coder.encode(Stamp(at: date)), as: UTF8.self)
        #expect(xml.contains("<at>2026-01-01T09:00:00.123456Z</at>"))
        #expect(try coder.decode(Stamp.self, from: Data(xml.utf8)).at == date)
    }

    /// Rounded to the nearest microsecond, carrying into the next second.
    @Test func fractionsBeyondMicrosecondsRound() {
        #expect(Date(timeIntervalSince1970: 1_767_258_000.999_999_9).parameterValues == ["2026-01-01T09:00:01Z"])
        #expect(Date(timeIntervalSince1970: 1_767_258_000.000_000_4).parameterValues == ["2026-01-01T09:00:00Z"])
    }

    /// `JSON(encoding:)` and `decode(as:)` use the same format, so structured parameters keep the fraction.
    @Test func jsonValuesKeepTheFraction() throws {
        let date = try Self.date("2026-01-01T09:00:00.123456Z")
        #expect(try JSON(encoding: Stamp(at: date))["at"] == "2026-01-01T09:00:00.123456Z")
        #expect(try JSON(encoding: Stamp(at: date)).decode(as: Stamp.self).at == date)
    }
}
