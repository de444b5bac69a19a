import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import HTTPBinAPI
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Streaming against live httpbin: `/stream/N` (JSON Lines), `/drip` (a body that trickles in), `/range/N` (a
/// download to a file whose bytes httpbin defines: the alphabet, repeated).
@Suite(.serialized, .enabled(if: HTTPBinServer.available, HTTPBinServer.why), .timeLimit(.minutes(5)))
struct StreamingHTTPBinTests {
    struct Line: Decodable, Sendable {
        let id: Int
        let url: String
    }

    static func client() throws -> EndpointClient {
        EndpointClient(configuration: try HTTPBinServer.configuration())
    }

    @Test func streamNIsReadAsJSONLines() async throws {
        var ids: [Int] = []
        for try await line in try await Self.client().jsonLines(Request<Line>(method: .get, path: "/stream/{n}", pathParameters: ["n": 7])) {
            ids.append(line.id)
            #expect(line.url.contains("/stream/7"))
        }
        #expect(ids == Array(0..<7))
    }

    @Test func aDripArrivesAsItIsSentWithProgress() async throws {
        let seen = LockedProgress()
        let request = Request<Data>(
            method: .get, path: "/drip", query: [QueryItem("numbytes", 5), QueryItem("duration", 1), QueryItem("delay", 0)])
        let response = try await Self.client().stream(request) { seen.record($0) }
        let (bytes, arrivals) = try await readChunks(of: response.body)
        #expect(bytes == Data(repeating: UInt8(ascii: "*"), count: 5))
        // httpbin sends a byte every 0.2 s: a buffered body would come as one chunk at the end.
        #expect(arrivals.count >= 3, "the drip came in \(arrivals.count) chunk(s)")
        #expect(seen.last?.bytesReceived == 5)
    }

    @Test func rangeNIsDownloadedToAFile() async throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-range-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let response = try await Self.client().download(Request<Data>(method: .get, path: "/range/{n}", pathParameters: ["n": 2000]), to: destination)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        #expect(try Data(contentsOf: response.body) == Data((0..<2000).map { alphabet[$0 % 26] }))
        #expect(response.header("Content-Length") == "2000")
    }
}

/// A body read whole, with the time each chunk arrived after the call (so a test can tell a trickle from one piece).
func readChunks(of body: ResponseBodyStream) async throws -> (bytes: Data, arrivals: [Duration]) {
    let start = ContinuousClock.now
    var arrivals: [Duration] = []
    var bytes = Data()
    for try await chunk in body {
        bytes.append(chunk)
        arrivals.append(ContinuousClock.now - start)
    }
    return (bytes, arrivals)
}

/// The progress reports of one transfer, from concurrent callbacks.
final class LockedProgress: Sendable {
    private let reports = Locked<[TransferProgress]>([])
    func record(_ progress: TransferProgress) { reports.withLock { $0.append(progress) } }
    var last: TransferProgress? { reports.withLock { $0.last } }
}

/// A multipart file part goes with the file name and content type its spec parameter gives (`Specs/HTTPBin.yaml`'s
/// `uploadPhoto`), where it used to take its field name and `application/octet-stream`.
@Suite(.timeLimit(.minutes(2))) struct MultipartPartMetadataTests {
    @Test func aFilePartCarriesTheSpecsFilenameAndContentType() async throws {
        let stub = StubTransport(handler: { _ in .json(#"{"files": {}, "form": {}, "headers": {}}"#) })
        var configuration = HTTPBinClient.defaultConfiguration
        configuration.variables = ["platform": "linux"]  // the spec's default query uses it
        let client = HTTPBinClient(configuration: configuration, transport: stub)
        _ = try? await client.uploadPhoto(photo: Data([0xFF, 0xD8]), caption: "sea")
        let body = String(decoding: try #require(stub.requests.first?.httpBody), as: UTF8.self)
        #expect(body.contains("Content-Disposition: form-data; name=\"photo\"; filename=\"holiday.jpg\"\r\nContent-Type: image/jpeg\r\n"))
        #expect(body.contains("Content-Disposition: form-data; name=\"caption\"\r\n\r\nsea\r\n"))
    }
}
