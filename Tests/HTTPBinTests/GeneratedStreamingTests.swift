import EndpointRuntime
import Foundation
import HTTPBinAPI
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The streamed responses and file bodies a spec declares (`Specs/HTTPBin.yaml`'s streaming block), called live through
/// the generated `HTTPBinClient`: JSON Lines, bytes as they arrive, a Range request's 206, a download to a file, and a
/// binary body's per-call content type, also read from a file.
@Suite(.serialized, .enabled(if: HTTPBinServer.available, HTTPBinServer.why), .timeLimit(.minutes(5)))
struct GeneratedStreamingHTTPBinTests {
    static func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-\(name)-\(UUID().uuidString)")
    }

    @Test func streamLinesGivesTypedItemsOneALine() async throws {
        var ids: [Int] = []
        for try await line in try await HTTPBinServer.client().streamLines(n: 6) {
            ids.append(line.id)
            #expect(line.url.contains("/stream/6"))
        }
        #expect(ids == Array(0..<6))
    }

    @Test func dripArrivesInPiecesWithProgress() async throws {
        let seen = LockedProgress()
        let body = try await HTTPBinServer.client().drip(numbytes: 5, duration: 1, delay: 0, progress: { seen.record($0) })
        let (bytes, arrivals) = try await readChunks(of: body)
        #expect(bytes == Data(repeating: UInt8(ascii: "*"), count: 5))
        // httpbin sends a byte every 0.2 s: a buffered body would come as one chunk at the end.
        #expect(arrivals.count >= 3, "the drip came in \(arrivals.count) chunk(s)")
        #expect(seen.last?.bytesReceived == 5)
    }

    @Test func leavingADripEarlyCancelsIt() async throws {
        let client = try HTTPBinServer.client()
        let received = Locked(0)
        let start = ContinuousClock.now
        // 10 bytes over 20 s: reading the first and cancelling must not wait for the rest.
        let reader = Task {
            for try await chunk in try await client.drip(numbytes: 10, duration: 20, delay: 0) {
                received.withLock { $0 += chunk.count }
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        let outcome = await reader.result
        #expect(ContinuousClock.now - start < .seconds(15), "the cancelled drip ran to its end")
        let count = received.withLock { $0 }
        #expect(count >= 1 && count < 10, "read \(count) of the 10 bytes")
        if case .failure(let error) = outcome { #expect(error as? EndpointError == .cancelled, "\(error)") }
    }

    @Test func aRangeHeaderGetsPartialContent() async throws {
        let response = try await HTTPBinServer.client().rangeBytesWithResponse(n: 100, range: "bytes=10-19")
        var bytes = Data()
        for try await chunk in response.body { bytes.append(chunk) }
        #expect(response.statusCode == 206)
        #expect(String(decoding: bytes, as: UTF8.self) == "klmnopqrst")
        #expect(response.header("Content-Range") == "bytes 10-19/100")
    }

    @Test func randomBytesDownloadToAFileWithProgress() async throws {
        let destination = Self.temporaryFile("bytes")
        defer { try? FileManager.default.removeItem(at: destination) }
        let client = try HTTPBinServer.client()
        let seen = LockedProgress()
        let downloaded = try await client.randomBytes(n: 4096, seed: 7, to: destination, progress: { seen.record($0) })
        #expect(downloaded.body == destination)
        #expect(downloaded.statusCode == 200)
        // The same seed gives the same bytes: the file holds what the buffered call returns.
        let buffered = try await client.randomBytes(n: 4096, seed: 7)
        #expect(buffered.count == 4096)
        #expect(try Data(contentsOf: destination) == buffered)
        #expect(seen.last?.bytesReceived == 4096)
    }

    @Test func aBinaryBodyGoesWithTheCallersContentType() async throws {
        let client = try HTTPBinServer.client()
        let typed = try await client.uploadBlob(blob: Data("plain words".utf8), contentType: "text/plain")
        #expect(typed.headers["Content-Type"] == "text/plain")
        #expect(typed.data == "plain words")
        let untyped = try await client.uploadBlob(blob: Data("more".utf8))
        #expect(untyped.headers["Content-Type"] == "application/octet-stream")
    }

    @Test func aBinaryBodyIsReadFromAFileWithUploadProgress() async throws {
        let source = Self.temporaryFile("upload")
        defer { try? FileManager.default.removeItem(at: source) }
        let text = String(repeating: "file body ", count: 5_000)
        try Data(text.utf8).write(to: source)
        let seen = LockedProgress()
        let echo = try await HTTPBinServer.client().uploadBlob(fromFile: source, contentType: "text/csv", progress: { seen.record($0) })
        #expect(echo.headers["Content-Type"] == "text/csv")
        #expect(echo.headers["Content-Length"] == "\(text.utf8.count)")
        // Compared as a flag: a failure message quoting 50,000 characters twice takes the test runner minutes.
        let echoedWhole = echo.data == text
        #expect(echoedWhole, "httpbin echoed \(echo.data.utf8.count) bytes that are not the file's")
        #expect(seen.last?.bytesSent == Int64(text.utf8.count))
    }
}

/// The echo server's `/sse` through the generated `ticks` (`response: { events: Tick }`): typed events with their
/// event type and id, resuming from `lastEventID`, and reconnecting after a dropped connection.
@Suite(.enabled(if: TestEnvironment.canRun(needingServer: "ENDPOINTGEN_ECHO_SERVER"), "needs the loopback echo server: run bash Tests/run.sh"), .timeLimit(.minutes(5)))
struct GeneratedEventsTests {
    static func client() throws -> HTTPBinClient {
        let url = try #require(TestEnvironment.serverURL("ENDPOINTGEN_ECHO_SERVER"), "ENDPOINTGEN_ECHO_SERVER is not set")
        var configuration = HTTPBinClient.defaultConfiguration
        configuration.server = try #require(ServerAddress(url: url))
        configuration.variables = ["platform": "linux"]
        return HTTPBinClient(configuration: configuration)
    }

    @Test func ticksAreTypedEventsWithTheirFields() async throws {
        let response = try await Self.client().ticksWithResponse(count: 3)
        #expect(response.statusCode == 200)
        #expect(response.header("Content-Type") == "text/event-stream")
        var events: [ServerSentEvent<Tick>] = []
        for try await event in response.body { events.append(event) }
        #expect(events.map(\.data.n) == [1, 2, 3])
        #expect(events.map(\.data.text) == ["event 1", "event 2", "event 3"])
        #expect(events.map(\.event) == ["tick", "tick", "tick"])
        #expect(events.map(\.id) == ["1", "2", "3"])
    }

    @Test func lastEventIDResumesTheStream() async throws {
        var numbers: [Int] = []
        for try await event in try await Self.client().ticks(count: 5, lastEventID: "3") { numbers.append(event.data.n) }
        #expect(numbers == [4, 5])
    }

    @Test func aDroppedStreamReconnectsFromTheLastEvent() async throws {
        var numbers: [Int] = []
        let events = try await Self.client().ticks(
            count: 5, dropAfter: 2, reconnection: SSEReconnection(maxAttempts: 3, delay: .milliseconds(20)))
        for try await event in events { numbers.append(event.data.n) }
        #expect(numbers == [1, 2, 3, 4, 5])
        // Without a reconnection the same stream ends where the server dropped it.
        var once: [Int] = []
        for try await event in try await Self.client().ticks(count: 5, dropAfter: 2) { once.append(event.data.n) }
        #expect(once == [1, 2])
    }
}

/// The fake's handlers for streamed endpoints take the runtime's sequences, made from bodies given as chunks.
@Suite(.timeLimit(.minutes(2))) struct FakeStreamedEndpointTests {
    @Test func aFakeAnswersEventsAndLinesFromItsHandlers() async throws {
        var fake = FakeHTTPBinClient()
        fake.ticksHandler = { count, _ in
            ServerSentEvents(ResponseBodyStream([Data((1...count).map { "id: \($0)\ndata: {\"n\": \($0), \"text\": \"t\"}\n\n" }.joined().utf8)]))
        }
        fake.streamLinesHandler = { n in JSONLines(ResponseBodyStream([Data((0..<n).map { "{\"id\": \($0), \"url\": \"u\"}\n" }.joined().utf8)])) }
        let api: any HTTPBinClientProtocol = fake
        var numbers: [Int] = []
        for try await event in try await api.ticks(count: 2) { numbers.append(event.data.n) }
        var ids: [Int] = []
        for try await line in try await api.streamLines(n: 3) { ids.append(line.id) }
        #expect(numbers == [1, 2])
        #expect(ids == [0, 1, 2])
    }
}
