@testable import EndpointRuntime
import Foundation
import Testing

/// The server-sent event and JSON Lines readers, fed every way a body can be cut into chunks.
@Suite(.timeLimit(.minutes(2))) struct StreamParsingTests {
    /// A stream exercising the standard's rules: BOM, CRLF, CR and LF endings, comments, a field without a space
    /// after the colon, a field without a colon, multi-line data, an id with NUL (ignored), a retry that is not all
    /// digits (ignored), an event with no data (not dispatched), an id that carries over, and an unterminated event.
    static let tricky = "\u{FEFF}: comment\r\nretry: 1500\r\nevent: add\r\nid: 7\r\ndata: first\r\ndata:second\r\n\r\n"
        + "data\rretry: 2x\rid: bad\0id\r\r"
        + "event: empty\nid: 9\n\n"
        + "data:  spaced\n\n"
        + "data: never dispatched"

    static let expected: [ServerSentEventParser.Raw] = [
        .init(event: "add", id: "7", retry: .milliseconds(1500), data: "first\nsecond"),
        .init(event: "message", id: "7", retry: nil, data: ""),
        .init(event: "message", id: "9", retry: nil, data: " spaced"),
    ]

    static func events(_ chunks: [Data]) -> [ServerSentEventParser.Raw] {
        var parser = ServerSentEventParser()
        return chunks.flatMap { parser.parse($0) }
    }

    @Test func serverSentEventsFollowTheStandardWhereverTheChunksAreCut() {
        let bytes = Data(Self.tricky.utf8)
        #expect(Self.events([bytes]) == Self.expected)
        for cut in 0...bytes.count {
            let chunks = [bytes.prefix(cut), bytes.dropFirst(cut)].map { Data($0) }
            #expect(Self.events(chunks) == Self.expected, "cut at \(cut)")
        }
        #expect(Self.events(bytes.map { Data([$0]) }) == Self.expected, "one byte a chunk")
    }

    @Test func theLastRetryIsTheReconnectionDelayEvenWithoutAnEvent() {
        var parser = ServerSentEventParser(lastEventID: "3")
        _ = parser.parse(Data("retry: 250\n\n".utf8))
        #expect(parser.reconnectionDelay == .milliseconds(250))
        #expect(parser.lastEventID == "3")
    }

    struct Row: Decodable, Equatable { let n: Int }

    static func rows(_ chunks: [Data]) async throws -> [Row] {
        var rows: [Row] = []
        for try await row in JSONLines<Row>(body: ResponseBodyStream(chunks), decoder: JSONDecoder()) { rows.append(row) }
        return rows
    }

    @Test func jsonLinesSkipEmptyLinesTakeCRLFAndAnUnterminatedLastLine() async throws {
        let bytes = Data("{\"n\": 1}\r\n\n{\"n\":\n2}\n  \n{\"n\": 3}".utf8)
        // A JSON value may not span lines: `{"n":` alone is an error, so this body has a bad line 2.
        let good = Data("{\"n\": 1}\r\n\n{\"n\": 2}\n  \n{\"n\": 3}".utf8)
        for cut in 0...good.count {
            #expect(try await Self.rows([Data(good.prefix(cut)), Data(good.dropFirst(cut))]) == [Row(n: 1), Row(n: 2), Row(n: 3)], "cut at \(cut)")
        }
        await #expect(throws: EndpointError.self) { try await Self.rows([bytes]) }
    }

    @Test func aLineThatIsNotJSONNamesItsItem() async throws {
        do {
            _ = try await Self.rows([Data("{\"n\": 1}\r\nnope\r\n".utf8)])
            Issue.record("decoded a line that is not JSON")
        } catch let error as EndpointError {
            guard case .decodingFailed(_, let path, _, _, let body) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "item 2")
            #expect(body == Data("nope".utf8), "the line without its CRLF")
        }
    }

    @Test func aFlowPausesAboveTheHighWaterAndResumesBelowTheLowWater() {
        let log = LockedState<[String]>([])
        let flow = StreamFlow(pause: { log.withLock { $0.append("pause") } }, resume: { log.withLock { $0.append("resume") } })
        flow.delivered(StreamFlow.highWater)
        #expect(!flow.isPaused)
        flow.delivered(1)
        #expect(flow.isPaused)
        flow.delivered(StreamFlow.highWater)  // still paused: no second pause
        flow.consumed(StreamFlow.highWater * 2 + 1 - StreamFlow.lowWater)
        #expect(flow.isPaused, "at the low water it stays paused")
        flow.consumed(1)
        #expect(!flow.isPaused)
        #expect(log.withLock { $0 } == ["pause", "resume"])
    }

    @Test func aMultipartFilePartKeepsTheFilenameAndContentTypeItIsGiven() throws {
        let parts = MultipartPart.files("photo", Data([1]), filename: "me.jpg", contentType: "image/jpeg")
        #expect(parts == [MultipartPart(name: "photo", filename: "me.jpg", contentType: "image/jpeg", data: Data([1]))])
        let (body, _) = try RequestBuilder.multipart(parts, boundary: "B")
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains("Content-Disposition: form-data; name=\"photo\"; filename=\"me.jpg\"\r\nContent-Type: image/jpeg\r\n"))
        #expect(MultipartPart.files("photo", Data([1])).first?.filename == "photo", "no filename given: the field name, as before")
    }
}
