// Streaming, against baselines measured in the same run:
// 1. a 256 MiB download to a file from the loopback echo server (`/blob/N`, written 1 MiB at a time) through
//    `EndpointClient.download(_:to:)`, against a plain `URLSession` download task (`download(for:)`) of the same URL:
//    five interleaved rounds, each printed with both times, its throughput ratio and the peak growth of resident memory
//    during ours (both sides run beside the same memory sampler), then the best of each side and the ratio of the bests;
// 2. server-sent events parsed per second from the same in-memory stream (100,000 events in 16 KiB chunks, served by
//    a transport that hands the chunks over as a stream), through `EndpointClient.events(_:)` with `String` and with
//    decoded JSON payloads, against a plain line splitter that cuts the same chunks into lines and counts the blank
//    lines that end events.
import BenchmarkSupport
import EndpointRuntime
import Foundation
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let downloadSize = 256 << 20
let clock = ContinuousClock()

/// The echo server on a free port, found through its port file.
func launchEchoServer() throws -> (Process, URL) {
    let portFile = FileManager.default.temporaryDirectory.appendingPathComponent("streaming-benchmark-\(UUID().uuidString).port")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", repository.appendingPathComponent("Tests/Servers/echo_server.py").path, "--port-file", portFile.path]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    defer { try? FileManager.default.removeItem(at: portFile) }
    for _ in 0..<200 {
        if let text = try? String(contentsOf: portFile, encoding: .utf8), let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return (process, URL(string: "http://127.0.0.1:\(port)")!)
        }
        usleep(50_000)
    }
    process.terminate()
    throw URLError(.cannotConnectToHost)
}

// MARK: 1. Download to a file

let (server, baseURL) = try launchEchoServer()
defer { server.terminate() }
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streaming-benchmark-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

let client = EndpointClient(configuration: ClientConfiguration(server: ServerAddress(url: baseURL)!, retry: .none))
let session = URLSession(configuration: .default)
let blobURL = baseURL.appendingPathComponent("blob/\(downloadSize)")

func plainDownload() async throws -> Double {
    let start = clock.now
    // Sampled as ours is: the sampler's thread costs both sides the same.
    let ((file, response), _) = try await ResidentMemory.peakGrowth { try await session.download(for: URLRequest(url: blobURL)) }
    let elapsed = seconds(clock.now - start)
    guard (response as? HTTPURLResponse)?.statusCode == 200, (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue == downloadSize
    else { fatalError("the plain download is incomplete") }
    try FileManager.default.removeItem(at: file)
    return elapsed
}

func endpointDownload() async throws -> (Double, growth: Int) {
    let destination = folder.appendingPathComponent("blob")
    let start = clock.now
    let (_, growth) = try await ResidentMemory.peakGrowth {
        try await client.download(Request<Data>(method: .get, path: "/blob/\(downloadSize)"), to: destination)
    }
    let elapsed = seconds(clock.now - start)
    guard (try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? NSNumber)?.intValue == downloadSize
    else { fatalError("the EndpointGen download is incomplete") }
    try FileManager.default.removeItem(at: destination)
    return (elapsed, growth ?? -1)
}

_ = try await plainDownload()  // warm-up: connections, page cache, the server's first response
_ = try await endpointDownload()
var plainTimes: [Double] = []
var endpointTimes: [Double] = []
var growths: [Int] = []
let rounds = 5
print("256 MiB download to a file on loopback (\(rounds) interleaved rounds; target: ratio >= 0.90x, growth < 32 MiB):")
for round in 1...rounds {
    let plain = try await plainDownload()
    let (time, growth) = try await endpointDownload()
    plainTimes.append(plain)
    endpointTimes.append(time)
    growths.append(growth)
    print(String(format: "  round %d: plain %.2f s, download(_:to:) %.2f s, ratio %.2fx, peak RSS growth %d MiB", round, plain, time, plain / time, growth >> 20))
}
let mib = Double(downloadSize) / Double(1 << 20)
let plainBest = plainTimes.min()!, endpointBest = endpointTimes.min()!
print(String(format: "  plain URLSession download task, best: %.2f s (%.0f MiB/s)", plainBest, mib / plainBest))
print(String(format: "  EndpointClient.download(_:to:), best: %.2f s (%.0f MiB/s)", endpointBest, mib / endpointBest))
print(String(format: "  throughput ratio of the bests (EndpointGen / plain): %.2fx", plainBest / endpointBest))
print("  peak RSS growth per round: \(growths.map { "\($0 >> 20) MiB" }.joined(separator: ", ")); largest \(growths.max()! >> 20) MiB")

// MARK: 2. Server-sent events

struct Tick: Decodable, Sendable {
    let n: Int
    let text: String
}

let eventCount = 100_000
let streamBytes = Data((1...eventCount).map { "event: tick\nid: \($0)\ndata: {\"n\": \($0), \"text\": \"event number \($0)\"}\n\n" }.joined().utf8)
let chunks = stride(from: 0, to: streamBytes.count, by: 16 << 10).map { Data(streamBytes[$0..<min($0 + (16 << 10), streamBytes.count)]) }

/// Hands the same chunks over as a streamed `text/event-stream` body, for every request.
struct CannedEventStream: Transport {
    func send(_ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> HTTPResponse {
        try await send(request, uploading: nil, delivery: .stream, progress: progress)
    }

    func send(
        _ request: URLRequest, uploading file: URL?, delivery: ResponseDelivery, progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> HTTPResponse {
        let head = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/event-stream"])!
        return HTTPResponse(data: Data(), response: head, stream: ResponseBodyStream(chunks))
    }
}

let eventClient = EndpointClient(configuration: ClientConfiguration(server: ServerAddress(url: baseURL)!, retry: .none), transport: CannedEventStream())

/// The baseline: lines cut from the same chunks (a line may span chunks), blank lines counted.
func plainLineSplit() async throws -> Int {
    var events = 0
    var carry = Data()
    for try await chunk in ResponseBodyStream(chunks) {
        var start = chunk.startIndex
        while let end = chunk[start...].firstIndex(of: 0x0A) {
            let line = carry.isEmpty ? chunk[start..<end] : carry + chunk[start..<end]
            if line.isEmpty { events += 1 }
            carry = Data()
            start = end + 1
        }
        carry.append(chunk[start...])
    }
    return events
}

func timeEvents(_ count: () async throws -> Int) async throws -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
        let start = clock.now
        let seen = try await count()
        guard seen == eventCount else { fatalError("saw \(seen) events of \(eventCount)") }
        best = min(best, seconds(clock.now - start))
    }
    return Double(eventCount) / best
}

let baselineRate = try await timeEvents(plainLineSplit)
let stringRate = try await timeEvents {
    var seen = 0
    for try await _ in try await eventClient.events(Request<String>(method: .get, path: "/events")) { seen += 1 }
    return seen
}
let typedRate = try await timeEvents {
    var seen = 0
    for try await _ in try await eventClient.events(Request<Tick>(method: .get, path: "/events")) { seen += 1 }
    return seen
}
print("server-sent events, 100,000 in 16 KiB chunks (best of 3):")
print(String(format: "  plain line splitter: %.0f events/s", baselineRate))
print(String(format: "  events(_:) as String: %.0f events/s, ratio %.2fx", stringRate, stringRate / baselineRate))
print(String(format: "  events(_:) decoded as JSON: %.0f events/s, ratio %.2fx", typedRate, typedRate / baselineRate))
