import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// `DateCoding.iso8601` reads dates with and without fractional seconds, as Python servers write them.
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

    /// Located at the property: on Linux, Foundation's own `.iso8601` reports a bad date as a body that is not JSON.
    @Test func otherTextIsRefusedAtItsPath() async {
        await #expect(throws: EndpointError.decodingFailed(
            type: "Stamp", path: "at", reason: "Expected date string to be ISO8601-formatted.", statusCode: 200,
            body: Data(#"{"at": "yesterday"}"#.utf8))) {
            try await decode("yesterday")
        }
    }
}
