// Sends 2,000 sequential `GET /get` to live httpbin through the generated HTTPBinClient and through a plain
// URLSession loop with JSONDecoder sending the same query and headers, in the same run, then prints both and
// their ratio. The server is ENDPOINTGEN_HTTPBIN when set, else a gunicorn started from .build/httpbin-venv
// (which `bash Tests/run.sh` installs).
import BenchmarkSupport
import EndpointRuntime
import Foundation
import HTTPBinAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let requests = 2_000
let rounds = 3
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Starts gunicorn serving httpbin on a free loopback port and returns it with its base URL, read from its log.
func startServer() throws -> (Process, URL) {
    let gunicorn = repository.appendingPathComponent(".build/httpbin-venv/bin/gunicorn")
    guard FileManager.default.isExecutableFile(atPath: gunicorn.path) else {
        FileHandle.standardError.write(Data("httpbin-benchmark: no \(gunicorn.path); run bash Tests/run.sh once to install httpbin, or set ENDPOINTGEN_HTTPBIN\n".utf8))
        exit(1)
    }
    let server = Process()
    server.executableURL = gunicorn
    server.arguments = ["-b", "127.0.0.1:0", "-w", "2", "-k", "gthread", "--threads", "16", "--no-control-socket", "httpbin:app"]
    let log = Pipe()
    server.standardError = log
    try server.run()
    var line = ""
    while !line.contains("Listening at: ") {
        line = ""
        while let byte = try log.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(Character(UnicodeScalar(first)))
        }
        if !server.isRunning { throw URLError(.cannotConnectToHost) }
    }
    // "[...] [INFO] Listening at: http://127.0.0.1:41234 (123)"
    let address = line.components(separatedBy: "Listening at: ")[1].split(separator: " ")[0]
    guard let url = URL(string: String(address)) else { throw URLError(.badURL) }
    return (server, url)
}

let given = ProcessInfo.processInfo.environment["ENDPOINTGEN_HTTPBIN"].flatMap(URL.init(string:))
let (server, baseURL): (Process?, URL) = try given.map { (nil, $0) } ?? startServer()
defer { server?.terminate() }
guard let address = ServerAddress(url: baseURL) else { fatalError("bad server URL \(baseURL)") }

var configuration = HTTPBinClient.defaultConfiguration
configuration.server = address
configuration.variables = ["platform": "linux"]
let client = HTTPBinClient(configuration: configuration)

// The same request by hand: the spec's default query and headers, decoded into the same model.
let session = URLSession(configuration: .default)
let decoder = JSONDecoder()
// A `let`: a top-level `var` is the main actor's, and reading it in the loop would hop to the main thread and back
// on every request, which the generated client's loop does not do.
let plainRequest = {
    var request = URLRequest(url: URL(string: "\(address.baseURLString)/get?page=1&client_version=0.10.4")!)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("HTTPBinClient/0.10.4 (linux)", forHTTPHeaderField: "User-Agent")
    return request
}()

func generatedLoop(_ count: Int) async throws {
    for _ in 0..<count { _ = try await client.get() }
}

func plainLoop(_ count: Int) async throws {
    for _ in 0..<count {
        let (data, response) = try await session.data(for: plainRequest)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
        _ = try decoder.decode(Echo.self, from: data)
    }
}

let result = try await compareInterleaved(rounds, requests: requests, baseline: plainLoop, candidate: generatedLoop)
print("httpbin (gunicorn, loopback), \(requests) sequential GET /get (interleaved in blocks of 25, \(rounds) rounds):")
print(String(format: "  plain URLSession + JSONDecoder: %.3f s (%.0f requests/s), best round", result.baseline.bestRound, Double(requests) / result.baseline.bestRound))
print(String(format: "  generated HTTPBinClient:        %.3f s (%.0f requests/s), best round", result.candidate.bestRound, Double(requests) / result.candidate.bestRound))
print(String(format: "  ratio generated / plain: %.3f, median of the %d block pairs; of the best rounds: %.3f",
             result.medianRatio, result.blockRatios.count, result.candidate.bestRound / result.baseline.bestRound))
