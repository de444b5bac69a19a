import AuthAPI
import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The generated `AuthClient` (Generated/Auth, from Specs/Auth.yaml) sends what the spec says and decodes
/// what the server answers, through the stub transport.
@Suite(.timeLimit(.minutes(2))) struct AuthClientTests {
    let transport = StubTransport()
    let client: AuthClient

    init() {
        var configuration = AuthClient.defaultConfiguration
        configuration.variables["deviceType"] = "ios"
        client = AuthClient(
            configuration: configuration, transport: transport,
            tokenProvider: ClosureTokenProvider(token: { "abc" }))
    }

    private func components(_ request: URLRequest) throws -> URLComponents {
        try #require(request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) })
    }

    @Test func tokenCheckSendsDefaultsAndTheJWTAndDecodes() async throws {
        transport.enqueue(.json(#"{"valid": true, "scopes": ["read", "write"]}"#))
        let status = try await client.tokenCheck()
        #expect(status == TokenStatus(valid: true, scopes: ["read", "write"]))
        let request = try #require(transport.requests.first)
        let url = try components(request)
        #expect(request.httpMethod == "GET")
        #expect(url.scheme == "https")
        #expect(url.host == "www.apitesting.dev")
        #expect(url.path == "/api/token")
        #expect(url.queryItems == [URLQueryItem(name: "version", value: "1.0"), URLQueryItem(name: "device_type", value: "ios")])
        #expect(request.value(forHTTPHeaderField: "Authorization") == "JWT abc")
        #expect(request.value(forHTTPHeaderField: "Accept")?.contains("application/json") == true)
    }

    @Test func authenticatePostsJSONWithoutTheToken() async throws {
        transport.enqueue(.json(#"{"token": "t1", "expires_at": "2026-11-29T12:00:00Z"}"#))
        let session = try await client.authenticate(email: "a@b.c", password: "pw")
        #expect(session.token == "t1")
        #expect(session.expiresAt == Date(timeIntervalSince1970: 1_795_953_600))
        let request = try #require(transport.requests.first)
        #expect(request.httpMethod == "POST")
        #expect(try components(request).path == "/api/authenticate")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let body = try JSONSerialization.jsonObject(with: try #require(request.httpBody)) as? [String: String]
        #expect(body == ["email": "a@b.c", "password": "pw"])
    }

    /// The spec says `minLength: 1`: an empty email is refused before sending (an empty text without a rule is sent).
    @Test func anEmptyEmailBreaksItsRuleAndIsNotSent() async throws {
        await #expect(throws: EndpointError.invalidRequest("'email' must not be empty")) {
            try await client.authenticate(email: "", password: "pw")
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func userPutsTheIDInThePathAndRepeatsArrayQueryItems() async throws {
        transport.enqueue(.json(#"{"id": 3, "name": "Ann"}"#))
        let user = try await client.user(id: 3, include: ["teams", "roles"])
        #expect(user == User(id: 3, name: "Ann", role: .member, bio: nil))  // role's default applied
        let url = try components(try #require(transport.requests.first))
        #expect(url.path == "/api/users/3")
        #expect(url.queryItems?.filter { $0.name == "include" }.map(\.value) == ["teams", "roles"])
    }

    @Test func optionalParametersCanBeLeftOut() async throws {
        transport.enqueue(.json(#"{"id": 4, "name": "Bo", "role": "superuser", "bio": "hi"}"#))
        let user = try await client.user(id: 4)
        #expect(user.role == Role(rawValue: "superuser"))  // open enum: an unknown value decodes
        #expect(!Role.knownValues.contains(user.role))
        #expect(try components(try #require(transport.requests.first)).queryItems?.contains { $0.name == "include" } == false)
    }

    @Test func deleteUserAcceptsAnEmptyAnswer() async throws {
        transport.enqueue(StubTransport.Reply(status: 204))
        #expect(try await client.deleteUser(id: 9) == Empty())
        let request = try #require(transport.requests.first)
        #expect(request.httpMethod == "DELETE")
        #expect(try components(request).path == "/api/users/9")
    }

    @Test func serverErrorsCarryTheStatusAndTheConfiguredMessage() async throws {
        transport.enqueue(.json(#"{"message": "no such user"}"#, status: 404))
        do {
            _ = try await client.user(id: 1)
            Issue.record("expected an error")
        } catch {
            #expect(error.statusCode == 404)
            #expect(error.failureReason.contains("no such user"))
        }
    }

    @Test func theEndpointsEnumShowsEachRequest() {
        let request = AuthEndpoints.user(id: 5, include: nil)
        #expect(request.method == .get)
        #expect(request.path == "/users/{id}")
        #expect(request.auth == .required)
        #expect(AuthEndpoints.authenticate(email: "e", password: "p").secretParameters == ["password"])
    }

    @Test func theFakeAnswersWithItsHandlersAndRefusesTheRest() async throws {
        var fake = FakeAuthClient()
        fake.userHandler = { id, _ in User(id: id, name: "Fake") }
        let client: any AuthClientProtocol = fake
        #expect(try await client.user(id: 7, include: nil).name == "Fake")
        await #expect(throws: EndpointError.invalidRequest("FakeAuthClient.tokenCheckResponseHandler and FakeAuthClient.tokenCheckHandler are not set")) {
            try await client.tokenCheck()
        }
    }

    /// A handler may throw any error; callers of the fake still get an `EndpointError`, as from the real client.
    @Test func theFakeThrowsWhatItsHandlerThrowsAsAnEndpointError() async throws {
        var fake = FakeAuthClient()
        fake.userHandler = { _, _ in throw EndpointError.unacceptableStatus(statusCode: 404, message: "no such user", body: Data()) }
        fake.deleteUserHandler = { _ in throw URLError(.notConnectedToInternet) }
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 404, message: "no such user", body: Data())) {
            try await fake.user(id: 7, include: nil)
        }
        await #expect(throws: EndpointError.transport(code: .notConnectedToInternet, description: "")) {
            try await fake.deleteUser(id: 7)
        }
    }

    /// A handler's type is a plain `async throws` closure: the type metadata of a typed-throws closure needs the
    /// Swift 6 runtime (macOS 15, iOS 18), and the package supports macOS 13 and iOS 16, where `fake.userHandler as Any`,
    /// `XCTAssertNil(fake.userHandler)` or a `Mirror` of the fake would not compile or would not resolve the type.
    @Test func theFakesHandlerTypesNeedNoTypedThrowsMetadata() {
        let fake = FakeAuthClient()
        let handlers: [Any] = [
            fake.tokenCheckHandler as Any, fake.authenticateHandler as Any, fake.userHandler as Any, fake.deleteUserHandler as Any,
            fake.tokenCheckResponseHandler as Any, fake.authenticateResponseHandler as Any, fake.userResponseHandler as Any,
            fake.deleteUserResponseHandler as Any,
        ]
        for handler in handlers {
            #expect(!String(describing: type(of: handler)).contains("throws("), "\(type(of: handler))")
        }
        #expect(Mirror(reflecting: fake).children.count == 8)
        #expect(String(describing: type(of: fake.userHandler)) == "Optional<@Sendable (Int, Optional<Array<String>>) async throws -> User>")
    }
}
