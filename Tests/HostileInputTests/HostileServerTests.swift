import EndpointRuntime
import Foundation
import Testing
import TestSupport

/// What the hostile server's catch-all route answers: the path it saw and the token that came with it.
struct Seen: Decodable, Sendable, Equatable {
    var path: String
    var authorization: String?
}

/// The runtime against a server that misbehaves: each case ends in the typed error, within the timeout
/// (1 s) plus slack, with bounded memory (measured on Linux); none hangs or crashes. Serialized: one case measures this
/// process's memory, which the others would disturb.
@Suite(.serialized) struct HostileServerTests {
    /// How long a case may take before it counts as hung: the 1 s timeout, plus slack for a loaded machine.
    static let hangLimit: Duration = .seconds(15)

    /// The result of `request`, or nil when it neither returned nor threw within `hangLimit`.
    func outcome<R: Sendable>(_ request: Request<R>) async throws -> Result<R, EndpointError>? {
        let server = try HostileServer()
        defer { server.stop() }
        let client = server.client()
        return await withTaskGroup(of: Result<R, EndpointError>?.self) { group in
            group.addTask {
                do throws(EndpointError) {
                    return .success(try await client.send(request))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: Self.hangLimit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Resident memory of this process, in MiB, from `/proc` (Linux only: elsewhere it reads 0).
    static func residentMiB() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / (1 << 20)
    }

    @Test func aBodyThatNeverComesTimesOut() async throws {
        let result = try await outcome(Request<Seen>(method: .get, path: "/stall"))
        #expect(result == .failure(.timeout))
    }

    /// Found by this suite: URLSession's timeout is only the longest wait between bytes, so a server that
    /// sends a byte every 50 ms held the request forever; the transport now bounds the whole exchange.
    @Test func aBodyThatNeverEndsTimesOut() async throws {
        let result = try await outcome(Request<Seen>(method: .get, path: "/trickle"))
        #expect(result == .failure(.timeout))
    }

    /// The URLSession task of a cancelled request may run on for a moment (see `PendingExchange`); its caller, already
    /// answered, must not hear of it. The body here grows by a byte every 50 ms, each byte a progress report.
    @Test func aCancelledRequestReportsNoMoreProgress() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let client = server.client()
        let reports = ReportCount()
        let request = Task { try await client.send(Request<Data>(method: .get, path: "/trickle"), progress: { _ in reports.add() }) }
        for _ in 0..<200 where reports.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(reports.count >= 2, "the trickle reported no progress")
        request.cancel()
        await #expect(throws: EndpointError.cancelled) { try await request.value }
        let atTheAnswer = reports.count
        try await Task.sleep(for: .milliseconds(500))  // ten more bytes' worth
        #expect(reports.count == atTheAnswer)
    }

    @Test func aTwoGigabyteContentLengthReservesNothing() async throws {
        let before = Self.residentMiB()
        let result = try await outcome(Request<Seen>(method: .get, path: "/huge"))
        #expect(result == .failure(.timeout))
        #if os(Linux)  // where `residentMiB` can measure
        #expect(before > 0)
        #expect(Self.residentMiB() - before < 256, "resident memory grew from \(before) MiB to \(Self.residentMiB()) MiB")
        #endif
    }

    @Test func malformedJSONIsADecodingFailure() async throws {
        let result = try await outcome(Request<Seen>(method: .get, path: "/malformed-json"))
        guard case .failure(.decodingFailed(let type, _, _, let statusCode, let body))? = result else {
            Issue.record("expected a decoding failure, got \(String(describing: result))")
            return
        }
        #expect(type == "Seen")
        #expect(statusCode == 200)
        #expect(body == Data(#"{"id": 1, "name": "#.utf8))
    }

    @Test func aWrongContentTypeIsRefused() async throws {
        let result = try await outcome(Request<Seen>(method: .get, path: "/html"))
        #expect(result == .failure(.unacceptableContentType("text/html", statusCode: 200, body: Data("<html><body>Not an API</body></html>".utf8))))
    }

    @Test func aRedirectLoopEnds() async throws {
        let result = try await outcome(Request<Seen>(method: .get, path: "/loop"))
        #expect(result == .failure(.transport(code: .httpTooManyRedirects, description: "(any wording)")))
        #if os(Linux)
        #expect(result.flatMap(Self.transportDescription) == "too many HTTP redirects")  // FoundationNetworking's words
        #endif
    }

    @Test func theTokenDoesNotFollowARedirectToAnotherHost() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let client = server.client()
        let elsewhere = "http://localhost:\(server.port)/elsewhere"
        let seen = try await client.send(Request<Seen>(method: .get, path: "/redirect", query: [QueryItem("to", elsewhere)]))
        #expect(seen == Seen(path: "/elsewhere", authorization: nil))
        let here = "http://127.0.0.1:\(server.port)/here"
        let sameHost = try await client.send(Request<Seen>(method: .get, path: "/redirect", query: [QueryItem("to", here)]))
        #expect(sameHost == Seen(path: "/here", authorization: "Bearer secret-token"))
    }

    @Test func aLineBreakInARequestHeaderIsRefusedBeforeSending() async throws {
        let result = try await outcome(Request<Seen>(method: .get, path: "/x", headers: [HeaderField("X-Evil", "a\r\nInjected: b")]))
        #expect(result == .failure(.invalidRequest("header 'X-Evil' contains a line break")))
    }

    @Test func bareCRAndLFInAResponseHeaderEndTyped() async throws {
        let result = try await outcome(Request<Seen>(method: .get, path: "/crlf"))
        #if os(Linux)
        // libcurl refuses the header line, and FoundationNetworking reports it as an unknown URL error in libcurl's words.
        #expect(result == .failure(.transport(code: .unknown, description: "(any wording)")))
        #expect(result.flatMap(Self.transportDescription) == "Failed writing header")
        #else
        // Darwin's URLSession parses headers itself: it may refuse the response, or take it and `{}` then does not
        // decode as `Seen`; either way the request ends in an EndpointError.
        if case .failure? = result {} else { Issue.record("expected a failure, got \(String(describing: result))") }
        #endif
    }

    /// The description of a transport failure (the platform's wording), `nil` for anything else.
    static func transportDescription<R>(_ result: Result<R, EndpointError>) -> String? {
        if case .failure(.transport(_, let description)) = result { description } else { nil }
    }
}

/// Counts progress reports from any thread.
private final class ReportCount: Sendable {
    private let value = Locked(0)
    var count: Int { value.withLock { $0 } }
    func add() { value.withLock { $0 += 1 } }
}
