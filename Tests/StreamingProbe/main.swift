// One streaming transfer in a process of its own, so that its peak growth of resident memory is the transfer's, not
// that of the test suites running beside it: `StreamingTests` runs it and reads the one JSON line it prints.
//
//   streaming-probe download SERVER_URL SIZE        download `/blob/SIZE` to a temporary file with `download(_:to:)`
//   streaming-probe slow-stream SERVER_URL SIZE     read `/blob/SIZE` with `stream(_:)`, far slower than the network
//   streaming-probe upload SERVER_URL SIZE          send a file of SIZE random bytes to `/sink` as a `.file` body
//
// It prints `{"bytes": B, "growth": G, "seconds": S}`: the bytes that arrived (the file's size, the bytes read, or
// the bytes the server's `/sink` counted),
// the peak growth of VmRSS over its value before the transfer (-1 where it cannot be read), and the duration.
import EndpointRuntime
import Foundation
import TestSupport

let arguments = CommandLine.arguments
guard arguments.count == 4, let server = URL(string: arguments[2]).flatMap(ServerAddress.init(url:)), let size = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: streaming-probe download|slow-stream|upload SERVER_URL SIZE\n".utf8))
    exit(2)
}
let client = EndpointClient(configuration: ClientConfiguration(server: server, retry: .none))
let request = Request<Data>(method: .get, path: "/blob/\(size)")
let clock = ContinuousClock()
let start = clock.now

let (bytes, growth): (Int, Int?)
switch arguments[1] {
case "download":
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent("streaming-probe-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: destination) }
    (bytes, growth) = try await ResidentMemory.peakGrowth { () async throws -> Int in
        let file = try await client.download(request, to: destination).body
        return (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? -1
    }
case "slow-stream":
    (bytes, growth) = try await ResidentMemory.peakGrowth { () async throws -> Int in
        var iterator = try await client.stream(request).body.makeAsyncIterator()
        // Far slower than loopback: first nothing for a second (the whole body could arrive meanwhile), then a pause
        // per chunk for the first quarter.
        try await Task.sleep(for: .seconds(1))
        var count = 0
        while let chunk = try await iterator.next() {
            count += chunk.count
            if count < size / 4 { try await Task.sleep(for: .microseconds(200)) }
        }
        return count
    }
case "upload":
    struct Sink: Decodable, Sendable { let bytes: Int }
    let source = FileManager.default.temporaryDirectory.appendingPathComponent("streaming-probe-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: source) }
    // Written in pieces before the measurement, so the probe never holds the file whole.
    _ = FileManager.default.createFile(atPath: source.path, contents: nil)
    let handle = try FileHandle(forWritingTo: source)
    guard let random = FileHandle(forReadingAtPath: "/dev/urandom") else { exit(3) }
    for _ in 0..<(size >> 20) { try handle.write(contentsOf: random.readData(ofLength: 1 << 20)) }
    try handle.close()
    (bytes, growth) = try await ResidentMemory.peakGrowth { () async throws -> Int in
        try await client.send(Request<Sink>(method: .post, path: "/sink", body: .file(source, contentType: "application/octet-stream"))).bytes
    }
default:
    FileHandle.standardError.write(Data("streaming-probe: unknown mode \(arguments[1])\n".utf8))
    exit(2)
}
let seconds = Double((clock.now - start).components.attoseconds) / 1e18 + Double((clock.now - start).components.seconds)
print("{\"bytes\": \(bytes), \"growth\": \(growth ?? -1), \"seconds\": \(seconds)}")
