import EndpointRuntime
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads to a file, uploads from a file, byte streams and server-sent events over URLSessionTransport, against
/// the echo server's streaming routes (Tests/Servers/echo_server.py). Memory is sampled (`ResidentMemory`): a body
/// must not grow the process by anything near its size.
@Suite(.serialized, .enabled(if: EchoServer.available, EchoServer.why), .timeLimit(.minutes(5)))
struct StreamingTests {

    static func client() throws -> EndpointClient {
        var configuration = try EchoServer.configuration()
        configuration.errorMessageFields = ["message"]
        return EndpointClient(configuration: configuration)
    }

    /// Expects a peak growth under `bound` (Linux: Darwin has no `/proc` to read it from).
    ///
    /// Measured in this process, the figure would include the suites running beside this one (77 MiB was seen), so the
    /// transfers' growth is measured in a process of their own (`probe`), and the 32 MiB target by `streaming-benchmark`.
    static func expectBounded(_ growth: Int?, under bound: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #if os(Linux)
        // Under the thread sanitizer (.ci/run's second pass) every allocation has shadow memory beside it, so VmRSS
        // measures the sanitizer; the bound is asserted in the uninstrumented pass of the same CI run.
        if dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil {
            print("StreamingTests: memory bound not asserted under the thread sanitizer (\(what))")
            return
        }
        guard let growth else {
            Issue.record("VmRSS could not be read", sourceLocation: sourceLocation)
            return
        }
        #expect(growth < bound, "\(what) grew memory by \(growth >> 20) MiB (bound \(bound >> 20) MiB)", sourceLocation: sourceLocation)
        #endif
    }

    /// What `streaming-probe` reports of its one transfer.
    struct Probe: Decodable {
        let bytes: Int
        let growth: Int
        let seconds: Double
    }

    /// Runs `streaming-probe MODE SERVER SIZE` (Tests/StreamingProbe): one transfer from the echo server in a process
    /// of its own, so its memory growth is the transfer's alone.
    static func probe(_ mode: String, size: Int) async throws -> Probe {
        let process = Process()
        process.executableURL = TestEnvironment.productsFolder.appendingPathComponent("streaming-probe")
        process.arguments = [mode, try #require(TestEnvironment.serverURL(EchoServer.variable)).absoluteString, String(size)]
        let output = Pipe()
        process.standardOutput = output
        let ended = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in ended.continuation.finish() }
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        for await _ in ended.stream {}
        try #require(process.terminationStatus == 0, "streaming-probe \(mode) exited with \(process.terminationStatus)")
        return try JSONDecoder().decode(Probe.self, from: printed)
    }

    static func scratch(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-streaming-\(UUID().uuidString)-\(name)")
    }

    struct Tick: Decodable, Sendable, Equatable {
        let n: Int
        let text: String
    }

    /// What the echo server's `/sink` saw of an upload.
    struct Sink: Decodable, Sendable {
        let bytes: Int
        let sha256: String
    }

    @Test func aDownloadToAFileArrivesWholeWithItsProgress() async throws {
        let size = 64 << 20
        let destination = Self.scratch("blob")
        defer { try? FileManager.default.removeItem(at: destination) }
        let last = LockedBox(TransferProgress())
        let client = try Self.client()
        // Memory is the probe's to measure (`aFileTransferGrowsMemoryByUnder32MiB`): here it would count the suites
        // running beside this one.
        let response = try await client.download(Request<Data>(method: .get, path: "/blob/\(size)"), to: destination) { last.value = $0 }
        #expect(response.body == destination)
        #expect(response.statusCode == 200)
        let attributes = try FileManager.default.attributesOfItem(atPath: destination.path)
        #expect((attributes[.size] as? NSNumber)?.intValue == size)
        #expect(last.value.bytesReceived == Int64(size))
        #expect(last.value.totalBytesToReceive == Int64(size))
    }

    /// In a process of the transfer's own: a 256 MiB download to a file, or upload from one, grows memory by under
    /// 32 MiB (the issue's target). Measured so: 8–11 MiB down and 15–17 MiB up in a debug build, also beside six busy
    /// loops on the two cores (a download without progress runs on the inline-delegate session, so no chunk waits in a
    /// queue for a thread). A transfer that held its body would grow by the whole size (loading the upload: 516 MiB).
    @Test(arguments: ["download", "upload"])
    func aFileTransferGrowsMemoryByUnder32MiB(_ mode: String) async throws {
        let size = 256 << 20
        let probe = try await Self.probe(mode, size: size)
        #expect(probe.bytes == size)
        Self.expectBounded(probe.growth < 0 ? nil : probe.growth, under: 32 << 20, "a \(size >> 20) MiB \(mode) of a file")
    }

    @Test func aFailedDownloadThrowsTheStatusAndLeavesNoFile() async throws {
        let folder = Self.scratch("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file")
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 404, message: "gone", body: Data(#"{"message": "gone"}"#.utf8))) {
            _ = try await Self.client().download(Request<Data>(method: .get, path: "/status/404", query: [QueryItem("message", "gone")]), to: destination)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aCancelledDownloadThrowsCancelledAndLeavesNoFile() async throws {
        let folder = Self.scratch("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = AsyncStream<Void>.makeStream()
        let client = try Self.client()
        // 64 MiB with a pause after each: at least 1.3 s, so the cancellation lands midway however busy the machine is.
        let slowly = Request<Data>(method: .get, path: "/blob/\(64 << 20)", query: [QueryItem("pause_ms", 20)])
        let download = Task {
            try await client.download(slowly, to: folder.appendingPathComponent("file")) { _ in
                started.continuation.yield()
            }
        }
        for await _ in started.stream { break }
        download.cancel()
        await #expect(throws: EndpointError.cancelled) { _ = try await download.value }
        // The task is cancelled after the grace period (PendingExchange); its partial file goes with it.
        for _ in 0..<100 where try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty == false {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// The bytes arrive whole, with progress (memory: `aFileTransferGrowsMemoryByUnder32MiB`).
    @Test func anUploadFromAFileSendsItsBytes() async throws {
        let size = 256 << 20
        let source = Self.scratch("upload")
        defer { try? FileManager.default.removeItem(at: source) }
        // A file written in pieces, so the test itself never holds it whole; written and hashed off the concurrency pool,
        // whose two threads (on two cores) the timing tests running beside this one need: seconds of blocking work on
        // one of them stalled their requests (a 200 ms timeout answered after 917 ms, rate-limited requests bunched).
        #expect(FileManager.default.createFile(atPath: source.path, contents: nil))
        let expected = try await Self.offThePool {
            let handle = try FileHandle(forWritingTo: source)
            guard let random = FileHandle(forReadingAtPath: "/dev/urandom") else { throw CocoaError(.fileReadNoPermission) }
            for _ in 0..<(size >> 20) {
                try handle.write(contentsOf: random.readData(ofLength: 1 << 20))
            }
            try handle.close()
            return try Self.sha256(of: source)
        }
        let client = try Self.client()
        let sent = LockedBox(TransferProgress())
        let sink = try await client.send(
            Request<Sink>(method: .post, path: "/sink", body: .file(source, contentType: "application/octet-stream"))) { sent.value = $0 }
        #expect(sink.bytes == size)
        #expect(sink.sha256 == expected)
        #expect(sent.value.bytesSent == Int64(size))
    }

    @Test func aMissingFileToUploadIsAnInvalidRequest() async throws {
        let missing = Self.scratch("missing")
        await #expect(throws: EndpointError.invalidRequest("cannot read the file to upload at '\(missing.path)'")) {
            _ = try await Self.client().send(Request<Empty>(method: .post, path: "/sink", body: .file(missing, contentType: "text/plain")))
        }
    }

    /// A reader far slower than loopback (nothing for a second, then a pause per chunk) of a 160 MiB stream, in a
    /// process of its own: the unread backlog must not grow memory with it. Darwin pauses the transfer;
    /// Linux spills the backlog to a temporary file (`StreamSpill`): without either, the body piles up in memory.
    @Test func aSlowReaderOfAByteStreamKeepsMemoryBounded() async throws {
        let size = 160 << 20
        let probe = try await Self.probe("slow-stream", size: size)
        #expect(probe.bytes == size)
        // Half the size: without the spill the whole body piles up (166 MiB seen); with it, what remains is
        // FoundationNetworking's queue for the delegate on a loaded machine (docs/Platforms.md; up to 52 MiB seen).
        Self.expectBounded(probe.growth < 0 ? nil : probe.growth, under: size / 2, "a slowly read \(size >> 20) MiB stream")
    }

    @Test func aStreamArrivesChunkByChunkAndItsBytesAreTheBody() async throws {
        let response = try await Self.client().stream(Request<Data>(method: .get, path: "/blob/3000000"))
        var chunks = 0
        var bytes = 0
        for try await chunk in response.body {
            chunks += 1
            bytes += chunk.count
        }
        #expect(bytes == 3_000_000)
        #expect(chunks > 1, "one chunk: the body was buffered, not streamed")
        var byteCount = 0
        for try await byte in try await Self.client().stream(Request<Data>(method: .get, path: "/blob/5000")).body.bytes {
            #expect(byte == UInt8(ascii: "x"))
            byteCount += 1
        }
        #expect(byteCount == 5000)
    }

    @Test func serverSentEventsDecodeWithTheirTypeIdAndRetry() async throws {
        let events = try await Self.client().events(Request<Tick>(method: .get, path: "/sse", query: [QueryItem("count", 3), QueryItem("retry", 40)]))
        var seen: [ServerSentEvent<Tick>] = []
        for try await event in events { seen.append(event) }
        #expect(seen.map(\.data) == (1...3).map { Tick(n: $0, text: "event \($0)") })
        #expect(seen.map(\.event) == ["tick", "tick", "tick"])
        #expect(seen.map(\.id) == ["1", "2", "3"])
        #expect(seen.map(\.retry) == [nil, nil, nil], "the retry came in an event without data, which is not dispatched")
    }

    @Test func aDroppedEventStreamEndsWithoutReconnection() async throws {
        let events = try await Self.client().events(Request<Tick>(method: .get, path: "/sse", query: [QueryItem("count", 5), QueryItem("drop_after", 2)]))
        var ids: [String?] = []
        for try await event in events { ids.append(event.id) }
        #expect(ids == ["1", "2"])
    }

    @Test func aDroppedEventStreamReconnectsWithTheLastEventID() async throws {
        let counter = UUID().uuidString
        let client = EndpointClient(configuration: try EchoServer.configuration(counter: counter))
        let request = Request<Tick>(method: .get, path: "/sse", query: [QueryItem("count", 5), QueryItem("drop_after", 2), QueryItem("retry", 20)])
        let start = ContinuousClock.now
        var ids: [String?] = []
        for try await event in try await client.events(request, reconnection: SSEReconnection(maxAttempts: 2, delay: .seconds(30))) {
            ids.append(event.id)
        }
        #expect(ids == ["1", "2", "3", "4", "5"], "each reconnection resumes after the last id: none repeated, none lost")
        // Three connections bring the five events; the third ends, and two reconnections in a row bring none: give up.
        #expect(try await EchoServer.stats(counter).total == 5)
        #expect(ContinuousClock.now - start < .seconds(20), "the server's retry (20 ms), not the policy's 30 s, was the delay")
    }

    @Test func aStreamedRequestWithAnErrorStatusThrowsItsBufferedBody() async throws {
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 503, message: "busy", body: Data(#"{"message": "busy"}"#.utf8))) {
            _ = try await Self.client().events(Request<String>(method: .get, path: "/status/503", query: [QueryItem("message", "busy")]))
        }
    }

    /// Runs blocking `work` on a thread of its own rather than one of the concurrency pool's.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    static func sha256(of file: URL) throws -> String {
        try ProcessRunner.run(command: ["sha256sum", file.path]).output.split(separator: " ").first.map(String.init) ?? ""
    }
}
