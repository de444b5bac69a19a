import AuthAPI
import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import StoreAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `AuthClient.shared`, configured once as an app does at start. One suite, serialized: the shared client is global,
/// and each test puts its settings back when it ends.
@Suite(.serialized, .timeLimit(.minutes(2))) struct SharedClientTests {
    /// Runs `body` with the shared client's settings changed by `change`, then restores them.
    func withShared(_ change: (inout ClientSettings) -> Void, _ body: () async throws -> Void) async rethrows {
        let saved = AuthClient.sharedSettingsForTests
        AuthClient.configureShared(change)
        defer { AuthClient.configureShared { $0 = saved } }
        try await body()
    }

    func query(_ request: URLRequest?) -> [String: String] {
        let items = request?.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }) { $1 }
    }

    @Test func theSharedClientWorksWithNoConfigurationThanksToTheSpecsDefault() async throws {
        let stub = StubTransport()
        stub.enqueue(.json(#"{"id": 3, "name": "Ann"}"#))
        try await withShared({ $0.transport = stub }) {
            AuthClient.tokens.set("t0")
            defer { AuthClient.tokens.set(nil) }
            let user = try await AuthClient.shared.user(id: 3, include: ["teams"])
            #expect(user.name == "Ann")
            #expect(query(stub.requests.first)["device_type"] == "ios")
            #expect(stub.requests.first?.value(forHTTPHeaderField: "Authorization") == "JWT t0")
        }
    }

    @Test func computedVariablesAreReadForEachRequestOfTheSharedClient() async throws {
        let stub = StubTransport(handler: { _ in .json(#"{"id": 1, "name": "A"}"#) })
        let kind = Kind()
        try await withShared({ shared in
            shared.transport = stub
            shared.tokenProvider = ClosureTokenProvider(token: { "t" })
            shared.configuration.computedVariables["deviceType"] = { kind.current }
        }) {
            _ = try await AuthClient.shared.user(id: 1)
            kind.current = "tablet"
            _ = try await AuthClient.shared.user(id: 1)
            #expect(stub.requests.map { query($0)["device_type"] } == ["phone", "tablet"])
        }
    }

    @Test func configuringAfterFirstUseReachesLaterCallsAndLeavesCallsUnderWayAlone() async throws {
        let transport = GatedTransport()
        try await withShared({ shared in
            shared.transport = transport
            shared.tokenProvider = ClosureTokenProvider(token: { "t" })
        }) {
            let underWay = Task { try await AuthClient.shared.user(id: 1) }
            for _ in 0..<500 where await !transport.gate.hasWaiters { try await Task.sleep(for: .milliseconds(20)) }
            try #require(await transport.gate.hasWaiters, "the first call never reached the transport")
            AuthClient.configureShared { $0.configuration.variables["deviceType"] = "watch" }
            await transport.gate.open()
            #expect(try await underWay.value.id == 1)
            _ = try await AuthClient.shared.user(id: 2)
            #expect(transport.stub.requests.map { query($0)["device_type"] } == ["ios", "watch"])
        }
    }

    @Test func aVariableWithoutValueFailsBeforeSendingAndSaysHowToSupplyIt() async throws {
        let stub = StubTransport()
        await withShared({ shared in
            shared.transport = stub
            shared.tokenProvider = ClosureTokenProvider(token: { "t" })
            shared.configuration.variables = [:]
        }) {
            do throws(EndpointError) {
                _ = try await AuthClient.shared.user(id: 3)
                Issue.record("sent without a device type")
            } catch {
                #expect(error.failureReason.contains("configureShared"))
                #expect(error.failureReason.contains("variables[\"deviceType\"]"))
            }
            #expect(stub.requests.isEmpty)
        }
    }

    /// The generated API: defaults through the protocol, results that may be ignored, validation through `onFailure`.
    @Test func callsThroughTheProtocolTakeTheClientsDefaults() async throws {
        let stub = StubTransport(handler: { _ in .json(#"{"id": 3, "name": "Ann"}"#) })
        let api: any AuthClientProtocol = AuthClient(transport: stub, tokenProvider: ClosureTokenProvider(token: { "t" }))
        let user = try await api.user(id: 3)
        #expect(user.id == 3)
        var fake = FakeAuthClient()
        fake.userHandler = { id, include in User(id: id, name: include == nil ? "no include" : "include") }
        let faked: any AuthClientProtocol = fake
        #expect(try await faked.user(id: 4).name == "no include")
        fake.deleteUserHandler = { _ in Empty() }
        try await (fake as any AuthClientProtocol).deleteUser(id: 4)  // `Empty` may be ignored
    }

    @Test func aValidationFailureReachesOnFailureAndNamesTheSwiftParameter() async throws {
        let failures = Lines()
        let stub = StubTransport()
        let client = StoreClient(
            transport: stub, tokenProvider: ClosureTokenProvider(token: { "t" }),
            onFailure: { error, summary in failures.append("\(summary.method) \(error.failureReason)") })
        await #expect(throws: EndpointError.invalidRequest("'pin' must match the pattern '^[0-9]{4}$'")) {
            try await client.uploadPhoto(photo: Data([1]), caption: nil, pin: "")
        }
        #expect(failures.values == ["POST Invalid request: 'pin' must match the pattern '^[0-9]{4}$'."])
        #expect(stub.requests.isEmpty)
    }
}

extension AuthClient {
    /// The shared client's current settings, to put back after a test.
    static var sharedSettingsForTests: ClientSettings {
        var settings: ClientSettings?
        configureShared { settings = $0 }
        return settings!
    }
}

/// A device kind the test changes between requests.
final class Kind: @unchecked Sendable {
    // `@unchecked Sendable` is safe: `value` is only read and written under `lock`.
    private let lock = NSLock()
    private var value = "phone"
    var current: String {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

/// A stub whose answer to `/api/users/1` waits until the test opens `gate`.
final class GatedTransport: Transport {
    let stub = StubTransport(handler: { _ in .json(#"{"id": 1, "name": "A"}"#) })
    let gate = Gate()

    func send(_ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> HTTPResponse {
        let response = try await stub.send(request, progress: progress)
        if request.url?.path == "/api/users/1" { await gate.wait() }
        return response
    }
}

/// Callers wait until it opens.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Whether a caller waits.
    var hasWaiters: Bool { !waiting.isEmpty }

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        waiting.forEach { $0.resume() }
        waiting = []
    }
}

/// Lines from concurrent callbacks.
final class Lines: @unchecked Sendable {
    // `@unchecked Sendable` is safe: `stored` is only read and written under `lock`.
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var values: [String] { lock.withLock { stored } }
}
