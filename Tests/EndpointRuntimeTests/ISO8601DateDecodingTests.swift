import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// `DateCoding.iso8601` reads dates with and without fractional seconds, as Python servers write them, and the other
/// forms servers send for a `date-time`.
@Suite(.timeLimit(.minutes(2))) struct ISO8601DateDecodingTests {
    struct Stamp: Decodable, Sendable, Equatable {
        let at: Date
    }

    func decode(_ text: String) async throws -> Date {
        let configuration = ClientConfiguration(server: ServerAddress(host: "api.example.com"), retry: .none)
        let client = EndpointClient(configuration: configuration, transport: StubTransport(responses: [.json(#"{"at": "\#(text)"}"#)]))
        return try await client.send(Request<Stamp>(method: .get, path: "/a")).at
    }

    @Test func wholeAndFractionalSecondsDecode() async throws {
        #expect(try await decode("2026-12-01T11:53:22Z") == Date(timeIntervalSince1970: 1_796_126_002))
        #expect(try await decode("2026-12-01T11:53:22.25Z") == Date(timeIntervalSince1970: 1_796_126_002.25))
        let micro = try await decode("2026-12-01T11:53:22.110202Z")
        #expect(abs(micro.timeIntervalSince1970 - 1_796_126_002.110202) < 0.000_01)
        #expect(try await decode("2026-12-01T13:53:22.5+02:00") == Date(timeIntervalSince1970: 1_796_126_002.5))
    }

    /// What servers write beside RFC 3339 for a `date-time` (issue #34 item 9): a blank for the `T` (SQL's form, which a
    /// chat API's documents show), no zone, read as UTC, and an HTTP date. Each used to fail the whole response.
    @Test func theFormsServersWriteBesideRFC3339Decode() async throws {
        let instant = Date(timeIntervalSince1970: 1_796_126_002)
        #expect(try await decode("2026-12-01 11:53:22") == instant)
        #expect(try await decode("2026-12-01T11:53:22") == instant)
        #expect(try await decode("2026-12-01 11:53:22Z") == instant)
        #expect(try await decode("2026-12-01 13:53:22+02:00") == instant)
        #expect(try await decode("2026-12-01 11:53:22.25") == Date(timeIntervalSince1970: 1_796_126_002.25))
        #expect(try await decode("Tue, 01 Dec 2026 11:53:22 GMT") == instant)
        await #expect(throws: EndpointError.self) { try await decode("2026-12-01 11:53") }
        await #expect(throws: EndpointError.self) { try await decode("2026-12-01x11:53:22") }
    }

    /// Located at the property: on Linux, Foundation's own `.iso8601` reports a bad date as a body that is not JSON.
    @Test func otherTextIsRefusedAtItsPath() async {
        await #expect(throws: EndpointError.decodingFailed(
            type: "Stamp", path: "at", reason: "Expected date string to be ISO8601-formatted.", statusCode: 200,
            body: Data(#"{"at": "yesterday"}"#.utf8))) {
            try await decode("yesterday")
        }
    }
}
