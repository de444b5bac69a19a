import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTML standard's rules for an event-stream connection (first or reconnected), through `events(_:)` on a stub
/// transport: a 204 No Content stops the stream and its reconnection; a response that is not `text/event-stream`
/// fails the connection, without a retry.
@Suite(.timeLimit(.minutes(2))) struct EventStreamConnectionTests {
    static let eventStream = ["Content-Type": "text/event-stream; charset=utf-8"]
    /// Reconnects at once, up to three times in a row.
    static let eager = SSEReconnection(maxAttempts: 3, delay: .milliseconds(1))

    static func client(_ stub: StubTransport) -> EndpointClient {
        EndpointClient(configuration: ClientConfiguration(server: ServerAddress(url: URL(string: "http://127.0.0.1:9")!)!, retry: .none), transport: stub)
    }

    /// A stub that answers each `Last-Event-ID` (or its absence) once, as `answer` says, and a repeated one with a 400:
    /// a reconnection that sends a wrong id ends the stream with an error instead of looping.
    static func answeringEachIDOnce(_ answer: @escaping @Sendable (String?) -> StubTransport.Reply) -> StubTransport {
        let answered = Locked<Set<String>>([])
        return StubTransport { request in
            let id = request.value(forHTTPHeaderField: "Last-Event-ID")
            guard answered.withLock({ $0.insert(id ?? "\u{0}absent").inserted }) else { return .init(status: 400) }
            return answer(id)
        }
    }

    static func texts(_ events: ServerSentEvents<String>) async throws -> [String] {
        var texts: [String] = []
        for try await event in events { texts.append(event.data) }
        return texts
    }

    @Test func a204OnAReconnectionEndsTheStreamWithoutFurtherAttempts() async throws {
        let stub = Self.answeringEachIDOnce { id in
            switch id {
            case nil: .init(headers: Self.eventStream, body: Data("id: 1\ndata: first\n\n".utf8))
            case "1": .init(status: 204)
            default: .init(status: 400)
            }
        }
        let events = try await Self.client(stub).events(Request<String>(method: .get, path: "/events"), reconnection: Self.eager)
        #expect(try await Self.texts(events) == ["first"])
        #expect(stub.requests.count == 2, "the stream, then one reconnection answered 204: no more")
    }

    /// Each reconnection sends the id of the last event received, not the first one or the one the stream began with.
    @Test func aReconnectionSendsTheLastEventIDReceived() async throws {
        let stub = Self.answeringEachIDOnce { id in
            switch id {
            case "0": .init(headers: Self.eventStream, body: Data("id: 1\ndata: a\n\nid: 2\ndata: b\n\nid: 3\ndata: c\n\n".utf8))
            case "3": .init(headers: Self.eventStream, body: Data("id: 4\ndata: d\n\n".utf8))
            case "4": .init(status: 204)
            default: .init(status: 400)
            }
        }
        let request = Request<String>(method: .get, path: "/events")
        let events = try await Self.client(stub).events(request, lastEventID: "0", reconnection: Self.eager)
        #expect(try await Self.texts(events) == ["a", "b", "c", "d"])
        #expect(stub.requests.map { $0.value(forHTTPHeaderField: "Last-Event-ID") } == ["0", "3", "4"])
    }

    /// Connections that close without an event are reconnected `maxAttempts` times in a row, then the stream ends
    /// (the stub refuses an eleventh connection, so that reconnecting without end fails the test rather than hangs it).
    @Test func reconnectionsWithoutAnEventStopAtTheLimit() async throws {
        let connections = Locked(0)
        let stub = StubTransport { _ in
            connections.withLock { count in
                count += 1
                return count > 10 ? .init(status: 400) : .init(headers: Self.eventStream, body: Data(": nothing yet\n\n".utf8))
            }
        }
        let events = try await Self.client(stub).events(Request<String>(method: .get, path: "/events"), reconnection: Self.eager)
        #expect(try await Self.texts(events) == [])
        #expect(stub.requests.count == 4, "the stream, then three reconnections in a row without an event")
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
        let stub = Self.answeringEachIDOnce { id in
            switch id {
            case nil: .init(headers: Self.eventStream, body: Data("id: 1\ndata: first\n\n".utf8))
            case "1": .init(headers: ["Content-Type": "text/html"], body: Data("<p>maintenance</p>".utf8))
            default: .init(status: 400)
            }
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
