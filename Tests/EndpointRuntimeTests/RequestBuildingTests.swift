import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How requests are built, seen through a stub transport.
@Suite(.timeLimit(.minutes(2))) struct RequestBuildingTests {
    let server = ServerAddress(scheme: "https", host: "api.example.com", basePath: "/v2")

    /// Sends `request` through a stub answering `{}` and returns what the transport received.
    func sent<R>(_ request: Request<R>, configuration: ClientConfiguration? = nil) async throws -> URLRequest {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let client = EndpointClient(configuration: configuration ?? ClientConfiguration(server: server, retry: .none), transport: stub)
        _ = try? await client.send(request)
        return try #require(stub.requests.first)
    }

    /// The error `request` fails with, asserting nothing reached the transport.
    func failure<R>(_ request: Request<R>, configuration: ClientConfiguration? = nil) async -> EndpointError? {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let client = EndpointClient(configuration: configuration ?? ClientConfiguration(server: server, retry: .none), transport: stub)
        do {
            _ = try await client.send(request)
            return nil
        } catch {
            #expect(stub.requests.isEmpty)
            return error
        }
    }

    @Test func pathParametersStayOneSegment() async throws {
        let request = Request<Empty>(method: .get, path: "/users/{id}/files/{name}", pathParameters: ["id": "../admin", "name": "a/b c"])
        #expect(try await sent(request).url?.absoluteString == "https://api.example.com/v2/users/..%2Fadmin/files/a%2Fb%20c")
        let dots = Request<Empty>(method: .get, path: "/users/{id}", pathParameters: ["id": ".."])
        #expect(try await sent(dots).url?.absoluteString == "https://api.example.com/v2/users/%2E%2E")
    }

    @Test func missingAndEmptyPathParametersAreRefused() async {
        #expect(await failure(Request<Empty>(method: .get, path: "/users/{id}")) == .invalidRequest("path parameter 'id' needs exactly one value"))
        #expect(await failure(Request<Empty>(method: .get, path: "/users/{id}", pathParameters: ["id": ""])) == .invalidRequest("path parameter 'id' is empty"))
    }

    @Test func queryRepeatsArraysAndFormatsValuesPredictably() async throws {
        let date = Date(timeIntervalSince1970: 1_714_564_800)
        let absent: Int? = nil
        let request = Request<Empty>(method: .get, path: "/search", query: [
            QueryItem("tag", ["a b", "c&d"]), QueryItem("active", true), QueryItem("since", date),
            QueryItem("page", absent), QueryItem("limit", 20), QueryItem("role", Role.admin),
        ])
        #expect(try await sent(request).url?.query == "tag=a%20b&tag=c%26d&active=true&since=2024-05-01T12%3A00%3A00Z&limit=20&role=admin")
    }

    /// `+` means a space to the form decoders most servers use, so a plus in a value or name must travel as `%2B`;
    /// the same for form bodies. Reserved characters (`=`, `&`, `#`, `?`, `/`) are encoded too.
    @Test func aPlusAndReservedCharactersInTheQueryAreEncoded() async throws {
        let request = Request<Empty>(method: .get, path: "/search", query: [QueryItem("q", "1+1=2 & #3?/"), QueryItem("a+b", "x")])
        #expect(try await sent(request).url?.query == "q=1%2B1%3D2%20%26%20%233%3F%2F&a%2Bb=x")
        let form = Request<Empty>(method: .post, path: "/search", body: .form([FormField("q", "c++")]))
        #expect(try await sent(form).httpBody == Data("q=c%2B%2B".utf8))
    }

    @Test func defaultParametersSubstituteVersionAndVariables() async throws {
        var configuration = ClientConfiguration(server: server, version: "2.1", retry: .none)
        configuration.defaultQuery = [ParameterTemplate(name: "api", value: "v{version}")]
        configuration.defaultHeaders = [ParameterTemplate(name: "X-Device", value: "{deviceType}-{version}")]
        configuration.variables = ["deviceType": "ios"]
        let request = try await sent(Request<Empty>(method: .get, path: "/ping", query: [QueryItem("q", 1)]), configuration: configuration)
        #expect(request.url?.query == "api=v2.1&q=1")
        #expect(request.value(forHTTPHeaderField: "X-Device") == "ios-2.1")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.timeoutInterval == 60)
    }

    /// What a variable without a value says: how to give it one.
    static let noDeviceType = """
        uses variable 'deviceType', which has no value: set configuration.variables["deviceType"] or \
        computedVariables["deviceType"] (for a generated client's shared instance, in configureShared), or give the \
        variable a default in the spec
        """

    @Test func undefinedVariableIsAnInvalidRequestThatSaysHowToSupplyIt() async {
        let configuration = ClientConfiguration(server: server, defaultHeaders: [ParameterTemplate(name: "X-Device", value: "{deviceType}")])
        let error = await failure(Request<Empty>(method: .get, path: "/ping"), configuration: configuration)
        #expect(error == .invalidRequest("parameter 'X-Device' " + Self.noDeviceType))
        #expect(error?.failureReason == "Invalid request: parameter 'X-Device' \(Self.noDeviceType).")
    }

    @Test func computedVariablesAreReadForEveryRequestAndWinOverFixedOnes() async throws {
        let counter = Counter()
        var configuration = ClientConfiguration(server: server, retry: .none)
        configuration.defaultQuery = [ParameterTemplate(name: "device_type", value: "{deviceType}")]
        configuration.defaultHeaders = [ParameterTemplate(name: "X-Build", value: "{build}")]
        configuration.variables = ["deviceType": "ios", "build": "7"]
        configuration.computedVariables["deviceType"] = { counter.next() % 2 == 0 ? "phone" : "tablet" }
        let stub = StubTransport(handler: { _ in .json("{}") })
        let client = EndpointClient(configuration: configuration, transport: stub)
        for _ in 0..<3 { _ = try await client.send(Request<Empty>(method: .get, path: "/ping", query: [QueryItem.template("v", "{deviceType}")])) }
        #expect(stub.requests.map { $0.url?.query } == ["device_type=phone&v=phone", "device_type=tablet&v=tablet", "device_type=phone&v=phone"].map(Optional.some))
        #expect(stub.requests.allSatisfy { $0.value(forHTTPHeaderField: "X-Build") == "7" })
    }

    @Test func theDefaultsErrorStopsEveryRequestOfTheClient() async {
        // The defaults are resolved once, when the client is made; each request still reports their error.
        let stub = StubTransport(handler: { _ in .json("{}") })
        let configuration = ClientConfiguration(server: server, defaultQuery: [ParameterTemplate(name: "device", value: "{deviceType}")], retry: .none)
        let client = EndpointClient(configuration: configuration, transport: stub)
        for path in ["/ping", "/pong"] {
            await #expect(throws: EndpointError.invalidRequest("parameter 'device' " + Self.noDeviceType)) {
                try await client.send(Request<Empty>(method: .get, path: path))
            }
        }
        #expect(stub.requests.isEmpty)
    }

    @Test func headerWithLineBreakIsRefused() async {
        let request = Request<Empty>(method: .get, path: "/ping", headers: [HeaderField("X-Trace", "a\r\nX-Admin: 1")])
        #expect(await failure(request) == .invalidRequest("header 'X-Trace' contains a line break"))
        let badName = Request<Empty>(method: .get, path: "/ping", headers: [HeaderField("X Trace", "a")])
        #expect(await failure(badName) == .invalidRequest("'X Trace' is not a valid header name"))
    }

    @Test func requestHeadersOverrideDefaultsAndTimeoutIsPerRequest() async throws {
        let configuration = ClientConfiguration(server: server, defaultHeaders: [ParameterTemplate(name: "X-Trace", value: "default")])
        let request = Request<Empty>(method: .delete, path: "/x", headers: [HeaderField("x-trace", "mine")], timeout: .milliseconds(2500))
        let urlRequest = try await sent(request, configuration: configuration)
        #expect(urlRequest.value(forHTTPHeaderField: "X-Trace") == "mine")
        #expect(urlRequest.allHTTPHeaderFields?.keys.filter { $0.lowercased() == "x-trace" } == ["x-trace"])  // one field, as the request spells it
        #expect(urlRequest.httpMethod == "DELETE")
        #expect(urlRequest.timeoutInterval == 2.5)
    }

    @Test func cookiesShareOneHeaderAndCannotBreakOutOfTheirValue() async throws {
        let request = Request<Empty>(
            method: .get, path: "/x", headers: [HeaderField("Cookie", "theme=dark")],
            cookies: [
                Cookie("session", "a b;c=\"d\",é%\r\nX-Admin: 1"), Cookie("absent", String?.none), Cookie("ids", [1, 2]),
                Cookie("odd=name", "v"),
            ])
        let urlRequest = try await sent(request)
        #expect(urlRequest.value(forHTTPHeaderField: "Cookie")
            == "theme=dark; session=a%20b%3Bc=%22d%22%2C%C3%A9%25%0D%0AX-Admin:%201; ids=1%2C2; odd%3Dname=v")
        let onlyCookies = try await sent(Request<Empty>(method: .get, path: "/x", cookies: [Cookie("a", "1")]))
        #expect(onlyCookies.value(forHTTPHeaderField: "Cookie") == "a=1")
        let none = try await sent(Request<Empty>(method: .get, path: "/x", cookies: [Cookie("a", String?.none)]))
        #expect(none.value(forHTTPHeaderField: "Cookie") == nil)
    }

    /// URLSession replaces a request's `Cookie` header with the cookies its process-wide storage holds for the host
    /// (seen live: a cookie another test's server set on 127.0.0.1 took the place of httpbin's cookie parameters).
    @Test func aRequestWithCookieParametersKeepsThemFromTheCookieStorage() async throws {
        #expect(try await sent(Request<Empty>(method: .get, path: "/x", cookies: [Cookie("a", "1")])).httpShouldHandleCookies == false)
        #expect(try await sent(Request<Empty>(method: .get, path: "/x", cookies: [Cookie("a", String?.none)])).httpShouldHandleCookies)
        #expect(try await sent(Request<Empty>(method: .get, path: "/x")).httpShouldHandleCookies)
    }

    @Test func jsonBodyUsesTheDateCoding() async throws {
        let body = Payload(name: "Ada", at: Date(timeIntervalSince1970: 0))
        let request = try await sent(Request<Empty>(method: .post, path: "/p", body: .json(body)))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let decoded = try JSONSerialization.jsonObject(with: try #require(request.httpBody)) as? [String: String]
        #expect(decoded == ["name": "Ada", "at": "1970-01-01T00:00:00Z"])
    }

    @Test func formBodyIsURLEncoded() async throws {
        let request = try await sent(Request<Empty>(method: .post, path: "/login", body: .form([FormField("user", "a b"), FormField("tags", ["x", "y&z"])])))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(request.httpBody.map { String(decoding: $0, as: UTF8.self) } == "user=a%20b&tags=x&tags=y%26z")
    }

    @Test func multipartBodyHasOnePartPerField() async throws {
        let parts = [MultipartPart(name: "title", value: "Hi"), MultipartPart(name: "file", filename: "a\".txt", contentType: "text/plain", data: Data("abc".utf8))]
        let request = try await sent(Request<Empty>(method: .post, path: "/upload", body: .multipart(parts)))
        let contentType = try #require(request.value(forHTTPHeaderField: "Content-Type"))
        #expect(contentType.hasPrefix("multipart/form-data; boundary=EndpointGen-"))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        #expect(request.httpBody.map { String(decoding: $0, as: UTF8.self) } == """
            --\(boundary)\r
            Content-Disposition: form-data; name="title"\r
            \r
            Hi\r
            --\(boundary)\r
            Content-Disposition: form-data; name="file"; filename="a%22.txt"\r
            Content-Type: text/plain\r
            \r
            abc\r
            --\(boundary)--\r

            """)
    }

    /// A part's own headers (OpenAPI's `encoding.{part}.headers`, `part:` in the spec) follow its content type; a `nil`
    /// value sends none, and a line break in one is refused before anything is sent.
    @Test func aMultipartPartSendsItsOwnHeaders() async throws {
        let checksum: String? = "Q2hlY2s="
        let missing: Int? = nil
        let parts = MultipartPart.files("photo", Data("abc".utf8), contentType: "image/png", headers: [HeaderField("Content-MD5", checksum), HeaderField("X-Size", missing)])
            + MultipartPart.fields("tags", ["a", "b"], headers: [HeaderField("X-Tag-Version", 2)])
        let request = try await sent(Request<Empty>(method: .post, path: "/upload", body: .multipart(parts)))
        let text = try #require(request.httpBody.map { String(decoding: $0, as: UTF8.self) })
        #expect(text.contains("Content-Disposition: form-data; name=\"photo\"; filename=\"photo\"\r\nContent-Type: image/png\r\nContent-MD5: Q2hlY2s=\r\n\r\nabc\r\n"))
        #expect(!text.contains("X-Size"))
        #expect(text.components(separatedBy: "Content-Disposition: form-data; name=\"tags\"\r\nX-Tag-Version: 2\r\n\r\n").count == 3)
        let injected = MultipartPart.fields("note", "x", headers: [HeaderField("X-Note", "a\r\nX-Evil: 1")])
        let failure = await failure(Request<Empty>(method: .post, path: "/upload", body: .multipart(injected)))
        #expect(failure == .invalidRequest("header 'X-Note' contains a line break"))
    }

    @Test func rawDataBodyKeepsItsContentType() async throws {
        let request = try await sent(Request<Empty>(method: .put, path: "/blob", body: .data(Data([1, 2, 3]), contentType: "application/octet-stream")))
        #expect(request.httpBody == Data([1, 2, 3]))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
    }

    @Test func methodsKnowIfTheyAreIdempotent() {
        let idempotent = [HTTPMethod.get, .head, .put, .delete, .options, .post, .patch, "propfind"].map { "\($0) \($0.isIdempotent)" }
        #expect(idempotent == ["GET true", "HEAD true", "PUT true", "DELETE true", "OPTIONS true", "POST false", "PATCH false", "PROPFIND false"])
    }
}

enum Role: String, ParameterValue { case admin }

struct Payload: Codable, Sendable {
    let name: String
    let at: Date
}

/// Hands out 0, 1, 2, … to concurrent callers.
final class Counter: Sendable {
    private let lock = NSLock()
    // Safe: only touched under `lock`.
    nonisolated(unsafe) private var count = 0

    func next() -> Int {
        lock.withLock {
            defer { count += 1 }
            return count
        }
    }
}

/// A request's own media types: `contentType` replaces the body encoding's, `accept` the configuration's `Accept`
/// and the check of the response's `Content-Type`.
@Suite(.timeLimit(.minutes(2))) struct MediaTypeTests {
    let configuration = ClientConfiguration(server: ServerAddress(scheme: "https", host: "api.example.com"), retry: .none)

    func client(answering reply: StubTransport.Reply) -> (EndpointClient, StubTransport) {
        let stub = StubTransport(handler: { _ in reply })
        return (EndpointClient(configuration: configuration, transport: stub), stub)
    }

    static func reply(_ contentType: String, _ body: String = "{}") -> StubTransport.Reply {
        StubTransport.Reply(headers: ["Content-Type": contentType], body: Data(body.utf8))
    }

    @Test func contentTypeReplacesTheEncodingsOwn() async throws {
        let (client, stub) = client(answering: .json("{}"))
        _ = try await client.send(Request<Empty>(method: .patch, path: "/p", body: .json(["a": 1]), contentType: "application/merge-patch+json"))
        _ = try await client.send(Request<Empty>(method: .patch, path: "/p", body: .json(["a": 1])))
        #expect(stub.requests.map { $0.value(forHTTPHeaderField: "Content-Type") } == ["application/merge-patch+json", "application/json"])
    }

    @Test func aContentTypeWithALineBreakIsRefused() async {
        let (client, stub) = client(answering: .json("{}"))
        await #expect(throws: EndpointError.invalidRequest("header 'Content-Type' contains a line break")) {
            try await client.send(Request<Empty>(method: .post, path: "/p", body: .json(["a": 1]), contentType: "text/plain\r\nX-Evil: 1"))
        }
        #expect(stub.requests.isEmpty)
    }

    @Test func acceptIsSentInsteadOfTheConfigurations() async throws {
        let (client, stub) = client(answering: Self.reply("application/vnd.api+json"))
        _ = try await client.send(Request<JSON>(method: .get, path: "/a", accept: ["application/vnd.api+json", "application/json"]))
        _ = try? await client.send(Request<JSON>(method: .get, path: "/a"))
        _ = try await client.send(Request<JSON>(method: .get, path: "/a", accept: []))
        #expect(stub.requests.map { $0.value(forHTTPHeaderField: "Accept") } == ["application/vnd.api+json, application/json", "application/json", nil])
    }

    @Test func aResponseOfAnAcceptedTypeDecodesWhereThePolicyWouldRefuseIt() async throws {
        let (client, _) = client(answering: Self.reply("application/vnd.api+json; charset=utf-8", #"{"data": []}"#))
        #expect(try await client.send(Request<JSON>(method: .get, path: "/a", accept: ["application/vnd.api+json"])) == ["data": []])
        await #expect(throws: EndpointError.self) { try await client.send(Request<JSON>(method: .get, path: "/a")) }
    }

    @Test func acceptedTypesMatchWildcardsAndCheckRawBodies() async throws {
        let (client, _) = client(answering: Self.reply("Text/CSV", "a,b"))
        #expect(try await client.send(Request<String>(method: .get, path: "/a", accept: ["text/*"])) == "a,b")
        #expect(try await client.send(Request<Data>(method: .get, path: "/a", accept: ["*/*"])) == Data("a,b".utf8))
        await #expect(throws: EndpointError.unacceptableContentType("Text/CSV", statusCode: 200, body: Data("a,b".utf8))) {
            try await client.send(Request<String>(method: .get, path: "/a", accept: ["application/json"]))
        }
        // Without an endpoint's own list, raw bodies are not checked, as before.
        #expect(try await client.send(Request<String>(method: .get, path: "/a")) == "a,b")
    }
}
