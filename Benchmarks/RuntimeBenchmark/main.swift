// Sends 2,000 sequential GETs of a small JSON body through EndpointRuntime (all built-in middleware on)
// and through a plain URLSession loop with JSONDecoder, in the same run against the loopback echo server,
// then prints both and their ratio, first with both loops off the main actor, then with both awaiting each request
// from the main actor (and then against the plain loop on URLSession's completion-handler API, which the runtime
// has to use), and last the runtime's own cost per request over a stub transport.
import BenchmarkSupport
import EndpointRuntime
import EndpointRuntimeTesting
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The body `/json` returns.
struct User: Decodable, Sendable {
    let id: Int
    let name: String
    let email: String
    let active: Bool
}

let requests = 2_000
let rounds = 5
/// Requests per block: the two sides alternate every `block` requests.
let block = 25
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Starts Tests/Servers/echo_server.py and returns it with its base URL.
func startServer() throws -> (Process, URL) {
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = ["python3", repository.appendingPathComponent("Tests/Servers/echo_server.py").path]
    let output = Pipe()
    server.standardOutput = output
    try server.run()
    var line = Data()
    while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
        line.append(first)
    }
    guard let port = Int(String(decoding: line, as: UTF8.self)), let url = URL(string: "http://127.0.0.1:\(port)") else {
        throw URLError(.cannotConnectToHost)
    }
    return (server, url)
}

/// A configuration with every built-in middleware on, set so none of them holds a request back.
func configuration(_ server: ServerAddress) -> ClientConfiguration {
    ClientConfiguration(
        server: server, version: "1", defaultHeaders: [ParameterTemplate(name: "X-Api-Version", value: "{version}")],
        auth: .header(name: "Authorization", prefix: "Bearer"), retry: .standard,
        rateLimit: RateLimit(count: 1_000_000, interval: .seconds(1)), maxConcurrentRequests: 64)
}

/// The machine's state, printed before and after: the ratios move with the load (see Benchmarks/README.md), so a
/// figure is only comparable with one measured at a similar load on as many cores.
func machineState() -> String {
    var loads = [Double](repeating: 0, count: 3)
    let read = getloadavg(&loads, 3)
    let load = read == 3 ? String(format: "%.2f %.2f %.2f", loads[0], loads[1], loads[2]) : "unknown"
    return "load average \(load), \(ProcessInfo.processInfo.activeProcessorCount) cores"
}

print("before: \(machineState())")
fflush(nil)  // every stream: `stdout` itself is a C global Swift 6 refuses
let tokens = ClosureTokenProvider(token: { "benchmark-token" })
let discard = LogSink { _ in }

let (server, baseURL) = try startServer()
defer { server.terminate() }
guard let address = ServerAddress(url: baseURL) else { fatalError("bad server URL \(baseURL)") }

let client = EndpointClient(configuration: configuration(address), tokenProvider: tokens, logSink: discard)
let getUser = Request<User>(method: .get, path: "/json")
let session = URLSession(configuration: .default)
let decoder = JSONDecoder()

/// The same exchange by hand, built for each request as a hand-written client builds it: the headers the runtime
/// adds (Accept, the version, the token) go on the wire here too, so the ratio measures the runtime, not a different
/// request (`checkSameRequests` compares the two on the wire before measuring). Only `let`s, like everything both
/// loops read: a top-level `var` is the main actor's, and reading it in the loop would hop to the main thread and
/// back on every request, which the runtime loop does not do.
func plainRequest(_ path: String = "json") -> URLRequest {
    var request = URLRequest(url: baseURL.appendingPathComponent(path))
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("1", forHTTPHeaderField: "X-Api-Version")
    request.setValue("Bearer benchmark-token", forHTTPHeaderField: "Authorization")
    return request
}

/// Fails the run unless both sides put the same request on the wire: method, path and every header as the echo
/// server received them (its catch-all route echoes them).
func checkSameRequests() async throws {
    struct Echo: Decodable, Equatable {
        let method: String
        let path: String
        let headers: [String: String]
    }
    let runtime = try JSONDecoder().decode(Echo.self, from: try await client.send(Request<Data>(method: .get, path: "/echo")))
    let plain = try JSONDecoder().decode(Echo.self, from: try await session.data(for: plainRequest("echo")).0)
    guard runtime == plain else {
        print("the two sides send different requests:\n  runtime: \(runtime)\n  plain:   \(plain)")
        exit(1)
    }
    let names = runtime.headers.keys.sorted().joined(separator: ", ")
    print("both sides send the same request: \(runtime.method) \(runtime.path), headers \(names)")
}

/// One request by hand, off the main actor like `client.send`: status check and decoding included.
func plainFetch() async throws -> User {
    try checkedUser(try await session.data(for: plainRequest()))
}

/// What both plain loops do with an answer: check the status and decode the body.
func checkedUser(_ answer: (Data, URLResponse)) throws -> User {
    guard (answer.1 as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    return try decoder.decode(User.self, from: answer.0)
}

func runtimeLoop(_ count: Int) async throws {
    for _ in 0..<count { _ = try await client.send(getUser) }
}

func plainLoop(_ count: Int) async throws {
    for _ in 0..<count { _ = try await plainFetch() }
}

// The same loops run by a `@MainActor` caller (a view model awaiting each request): each request leaves the main
// thread and comes back to it, on both sides. (Calling `runtimeLoop` from here would not: the whole loop would run
// off the main actor.)
@MainActor func runtimeLoopOnMainActor(_ count: Int) async throws {
    for _ in 0..<count { _ = try await client.send(getUser) }
}

@MainActor func plainLoopOnMainActor(_ count: Int) async throws {
    for _ in 0..<count { _ = try await plainFetch() }
}

/// `plainFetch` on URLSession's completion-handler API, which the runtime has to use on Linux: `data(for:)` calls
/// its completion inline but deadlocks when cancelled as the answer arrives (swift-corelibs-foundation#5412).
/// The handler runs on the session's delegate queue, one more thread hop per request.
func plainHandlerFetch() async throws -> User {
    try checkedUser(try await withCheckedThrowingContinuation { continuation in
        session.dataTask(with: plainRequest()) { data, response, error in
            if let data, let response { continuation.resume(returning: (data, response)) } else { continuation.resume(throwing: error ?? URLError(.unknown)) }
        }.resume()
    })
}

@MainActor func plainHandlerLoopOnMainActor(_ count: Int) async throws {
    for _ in 0..<count { _ = try await plainHandlerFetch() }
}

typealias Loop = @Sendable (Int) async throws -> Void

/// Runs and prints one comparison of the runtime loop with a plain one.
func compare(
    _ title: String, plain: @escaping Loop, named plainName: String = "plain URLSession + JSONDecoder", runtime: @escaping Loop, target: Bool = true
) async throws {
    let result = try await compareInterleaved(rounds, requests: requests, block: block, baseline: plain, candidate: runtime)
    print("loopback, \(requests) sequential GETs \(title) (interleaved in blocks of \(block), \(rounds) rounds, after a warm-up):")
    for (name, side) in [(plainName, result.baseline), ("EndpointRuntime", result.candidate)] {
        print(String(format: "  %@ %.3f s (%.0f requests/s) best round; %.0f µs CPU and %.1f context switches per request",
                     (name + ":").padding(toLength: 31, withPad: " ", startingAt: 0), side.bestRound, Double(requests) / side.bestRound,
                     side.cpuMicrosecondsPerRequest, side.contextSwitchesPerRequest))
    }
    print(String(format: "  ratio runtime / plain: %.3f%@, median of the %d block pairs (quartiles %.3f-%.3f, deciles %.3f-%.3f); of the best rounds: %.3f; CPU per request: %.3f",
                 result.medianRatio, target ? " (target <= 1.05)" : "", result.blockRatios.count, result.quantile(0.25), result.quantile(0.75),
                 result.quantile(0.1), result.quantile(0.9), result.candidate.bestRound / result.baseline.bestRound, result.cpuRatio))
    fflush(nil)  // every stream: `stdout` itself is a C global Swift 6 refuses
}

try await checkSameRequests()
try await compare("off the main actor", plain: plainLoop, runtime: runtimeLoop)
try await compare("from the main actor", plain: plainLoopOnMainActor, runtime: runtimeLoopOnMainActor)
try await compare(
    "from the main actor, against the plain loop on a completion handler", plain: plainHandlerLoopOnMainActor,
    named: "plain, completion handler", runtime: runtimeLoopOnMainActor)

// The runtime's own work per request: build, middleware, decode, over a stub that answers at once.
let stubRequests = 20_000
let body = Data(#"{"id": 1, "name": "Ada Lovelace", "email": "ada@example.com", "active": true}"#.utf8)
let stub = StubTransport(handler: { _ in StubTransport.Reply(headers: ["Content-Type": "application/json"], body: body) })
let stubClient = EndpointClient(configuration: configuration(address), transport: stub, tokenProvider: tokens, logSink: discard)
for _ in 0..<1_000 { _ = try await stubClient.send(getUser) }
let stubSeconds = try await timeDetached {
    for _ in 0..<stubRequests { _ = try await stubClient.send(getUser) }
}
print(String(format: "runtime overhead with the stub transport: %.1f µs per request (%d requests)", stubSeconds / Double(stubRequests) * 1e6, stubRequests))
print("after: \(machineState())")
