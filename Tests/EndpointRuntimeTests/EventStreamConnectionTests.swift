import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTML standard's rules for an event-stream connection (first or reconnected), through `events(_:)` on a stub
/// transport: a 204 No Content stops the stream and its reconnection; a response that is not `text/event-stream`
/// fails the connection, without a retry.
@Suite struct EventStreamConnectionTests {
    static let eventStream = ["Content-Type": "text/event-stream; charset=utf-8"]
    /// Reconnects at once, up to three times in a row.
    static let eager = SSEReconnection(maxAttempts: 3, delay: .milliseconds(1))

    static func client(_ stub: StubTransport) -> EndpointClient {
        EndpointClient(configuration: ClientConfiguration(server: ServerAddress(url: URL(string: "http://127.0.0.1:9")!)!, retry: .none), transport: stub)
    }

    static func texts(_ events: ServerSentEvents<String>) async throws -> [String] {
        var texts: [String] = []
        for try await event in events { texts.append(event.data) }
        return texts
    }

    @Test func a204OnAReconnectionEndsTheStreamWithoutFurtherAttempts() async throws {
        let stub = StubTransport { request in
            request.value(forHTTPHeaderField: "Last-Event-ID") == nil
                ? .init(headers: Self.eventStream, body: Data("id: 1\ndata: first\n\n".utf8))
                : .init(status: 204)
        }
        let events = try await Self.client(stub).events(Request<String>(method: .get, path: "/events"), reconnection: Self.eager)
        #expect(try await Self.texts(events) == ["first"])
        #expect(stub.requests.count == 2, "the stream, then one reconnection answered 204: no more")
    }

    @Test func a204AtFirstIsAStreamWithoutEventsAndNoReconnection() async throws {
        let stub = StubTransport { _ in .init(status: 204) }
        let events = try await Self.client(stub).events(Request<String>(method: .get, path: "/events"), reconnection: Self.eager)
        #expect(try await Self.texts(events) == [])
        #expect(stub.requests.count == 1)
    }

    @Test func aResponseThatIsNotAnEventStreamFailsWithoutARetry() async throws {
        let stub = StubTransport { _ in .json(#"{"error": "use the other endpoint"}"#) }
        await #expect(
            throws: EndpointError.unacceptableContentType("application/json", statusCode: 200, body: Data(#"{"error": "use the other endpoint"}"#.utf8))
        ) {
            _ = try await Self.client(stub).events(Request<String>(method: .get, path: "/events"), reconnection: Self.eager)
        }
        #expect(stub.requests.count == 1)
    }

    @Test func aReconnectionThatIsNotAnEventStreamFailsTheStream() async throws {
        let stub = StubTransport { request in
            request.value(forHTTPHeaderField: "Last-Event-ID") == nil
                ? .init(headers: Self.eventStream, body: Data("id: 1\ndata: first\n\n".utf8))
                : .init(headers: ["Content-Type": "text/html"], body: Data("<p>maintenance</p>".utf8))
        }
        let events = try await Self.client(stub).events(Request<String>(method: .get, path: "/events"), reconnection: Self.eager)
        var texts: [String] = []
        await #expect(throws: EndpointError.unacceptableContentType("text/html", statusCode: 200, body: Data("<p>maintenance</p>".utf8))) {
            for try await event in events { texts.append(event.data) }
        }
        #expect(texts == ["first"])
        #expect(stub.requests.count == 2, "failed, not retried")
    }

    @Test func aStreamWithoutAContentTypeFails() async throws {
        let stub = StubTransport { _ in .init(body: Data("data: x\n\n".utf8)) }
        await #expect(throws: EndpointError.unacceptableContentType(nil, statusCode: 200, body: Data("data: x\n\n".utf8))) {
            _ = try await Self.client(stub).events(Request<String>(method: .get, path: "/events"))
        }
    }
}
