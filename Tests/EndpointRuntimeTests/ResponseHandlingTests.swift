import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// Status validation, content types and decoding, seen through a stub transport.
@Suite(.timeLimit(.minutes(2))) struct ResponseHandlingTests {
    struct User: Decodable, Sendable, Equatable {
        let id: Int
        let address: Address
    }

    struct Address: Decodable, Sendable, Equatable {
        let city: String
    }

    func client(_ replies: StubTransport.Reply..., errorField: String? = "error.message") -> EndpointClient {
        let configuration = ClientConfiguration(
            server: ServerAddress(host: "api.example.com"), errorMessageFields: errorField.map { [$0] } ?? [], fallbackErrorMessage: "Something went wrong.", retry: .none)
        return EndpointClient(configuration: configuration, transport: StubTransport(responses: replies))
    }

    func error<R>(_ client: EndpointClient, _ request: Request<R>) async -> EndpointError? {
        do {
            _ = try await client.send(request)
            return nil
        } catch {
            return error
        }
    }

    let getUser = Request<User>(method: .get, path: "/user")

    @Test func decodesJSON() async throws {
        let user = try await client(.json(#"{"id": 7, "address": {"city": "Oslo"}}"#)).send(getUser)
        #expect(user == User(id: 7, address: Address(city: "Oslo")))
    }

    @Test func emptyAcceptsNoContentAndIgnoresBodies() async throws {
        let client = client(StubTransport.Reply(status: 204), .json("{\"ignored\": 1}"))
        #expect(try await client.send(Request<Empty>(method: .delete, path: "/user")) == Empty())
        #expect(try await client.send(Request<Empty>(method: .delete, path: "/user")) == Empty())
    }

    @Test func rawDataAndStringOnRequest() async throws {
        let reply = StubTransport.Reply(headers: ["Content-Type": "text/plain"], body: Data("héllo".utf8))
        let client = client(reply, reply)
        #expect(try await client.send(Request<Data>(method: .get, path: "/raw")) == Data("héllo".utf8))
        #expect(try await client.send(Request<String>(method: .get, path: "/raw")) == "héllo")
    }

    @Test func unacceptableStatusCarriesTheServersMessage() async {
        let body = #"{"error": {"message": "No such user."}}"#
        let failure = await error(client(.json(body, status: 404)), getUser)
        #expect(failure == .unacceptableStatus(statusCode: 404, message: "No such user.", body: Data(body.utf8)))
        #expect(failure?.failureReason == "The server answered 404: No such user.")
        #expect(failure?.statusCode == 404)
    }

    /// `errorMessageFields` are tried in their order: with two fields that both hold text, the first listed is the
    /// message, whichever comes first in the body; an empty string or a non-string does not count as text.
    @Test func theFirstListedMessageFieldThatHoldsTextWins() async {
        let body = #"{"error": {"message": "Token expired."}, "message": "Unauthorized", "detail": "", "code": 7}"#
        func message(_ fields: [String]) async -> String? {
            let configuration = ClientConfiguration(server: ServerAddress(host: "api.example.com"), errorMessageFields: fields, retry: .none)
            let client = EndpointClient(configuration: configuration, transport: StubTransport(responses: [.json(body, status: 401)]))
            guard case .unacceptableStatus(_, let message, _) = await error(client, getUser) else { return nil }
            return message
        }
        #expect(await message(["message", "error.message"]) == "Unauthorized")
        #expect(await message(["error.message", "message"]) == "Token expired.")
        #expect(await message(["detail", "code", "error.message", "message"]) == "Token expired.")
    }

    /// A client configured with no message field still reads the server's words where most APIs put them (issue 34).
    @Test func withoutConfiguredFieldsTheCommonOnesAreTried() async {
        func message(_ body: String) async -> String? {
            guard case .unacceptableStatus(_, let message, _) = await error(client(.json(body, status: 400), errorField: nil), getUser) else { return nil }
            return message
        }
        #expect(await message(#"{"message": "no such todo"}"#) == "no such todo")
        #expect(await message(#"{"error": "invalid_grant", "error_description": "Invalid username or password"}"#) == "Invalid username or password")
        #expect(await message(#"{"type": "about:blank", "title": "Not Found", "detail": "Todo 7 does not exist"}"#) == "Todo 7 does not exist")
        #expect(await message(#"{"error": {"code": 7, "message": "Quota exceeded."}}"#) == "Quota exceeded.")
        #expect(await message(#"{"code": 7}"#) == "Something went wrong.")
    }

    /// FastAPI's 422: `detail` is a list of `{loc, msg, type}`, joined into one readable message.
    @Test func aListOfValidationErrorsIsJoined() async {
        let body = #"{"detail": [{"loc": ["body", "name"], "msg": "Field required", "type": "missing"}, {"loc": ["query", "limit"], "msg": "Input should be less than or equal to 200", "type": "less_than_equal"}]}"#
        let failure = await error(client(.json(body, status: 422), errorField: "detail"), getUser)
        #expect(failure?.failureReason == "The server answered 422: body.name: Field required; query.limit: Input should be less than or equal to 200")
    }

    @Test func unacceptableStatusFallsBackWithoutAMessage() async {
        let failure = await error(client(.json("<html>", status: 500)), getUser)
        #expect(failure?.failureReason == "The server answered 500: Something went wrong.")
    }

    @Test func acceptableStatusIsPerRequest() async throws {
        var request = Request<Empty>(method: .get, path: "/maybe", acceptableStatus: 200..<400)
        #expect(try await client(StubTransport.Reply(status: 304)).send(request) == Empty())
        request.acceptableStatus = 200..<300
        #expect(await error(client(StubTransport.Reply(status: 304)), request)?.statusCode == 304)
    }

    @Test func unacceptableContentTypeIsRefused() async {
        let reply = StubTransport.Reply(headers: ["Content-Type": "text/html; charset=utf-8"], body: Data("<p>".utf8))
        let failure = await error(client(reply), getUser)
        #expect(failure == .unacceptableContentType("text/html; charset=utf-8", statusCode: 200, body: Data("<p>".utf8)))
        #expect(failure?.failureReason == "The server answered 200 with unacceptable content type 'text/html; charset=utf-8'.")
    }

    @Test func contentTypeMatchesWhateverItsCaseParametersAndBlanks() async throws {
        for contentType in ["Application/JSON; charset=utf-8", "application/json ;charset=utf-8", " application/json"] {
            let reply = StubTransport.Reply(headers: ["Content-Type": contentType], body: Data(#"{"ok": true}"#.utf8))
            #expect(try await client(reply).send(Request<[String: Bool]>(method: .get, path: "/ok")) == ["ok": true], "\(contentType)")
        }
    }

    @Test func decodingFailureSaysWhatAndWhere() async {
        let body = #"{"id": 7, "address": {"city": 5}}"#
        let failure = await error(client(.json(body)), getUser)
        #expect(failure == .decodingFailed(type: "User", path: "address.city", reason: "expected String", statusCode: 200, body: Data(body.utf8)))
        #expect(failure?.failureReason == "The 200 response did not decode as User at 'address.city': expected String")
    }

    @Test func missingKeyAndInvalidJSON() async {
        #expect(await error(client(.json(#"{"id": 7}"#)), getUser)?.failureReason == "The 200 response did not decode as User: missing key 'address'")
        #expect(await error(client(.json("{")), getUser)?.failureReason == "The 200 response did not decode as User: the body is not valid JSON")
    }
}
