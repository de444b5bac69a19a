import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing
import TestSupport

/// `response(for:)`, declared headers, HTTP dates, envelopes and message fields, through a stub transport.
@Suite(.timeLimit(.minutes(2))) struct ResponseMetadataRuntimeTests {
    struct Address: Codable, Sendable, Equatable {
        let city: String
    }

    struct Headers: DeclaredHeaders {
        var total: Int
        var modified: Date?
        init(from response: Response<some Sendable>) throws(EndpointError) {
            total = try response.header("Total-Records", as: Int.self, in: "Headers")
            modified = response.header("Last-Modified", as: Date.self)
        }
    }

    func client(_ replies: StubTransport.Reply..., fields: [String] = [], onFailure: (@Sendable (EndpointError, RequestSummary) -> Void)? = nil)
        -> (EndpointClient, StubTransport)
    {
        let stub = StubTransport(responses: replies)
        let configuration = ClientConfiguration(server: ServerAddress(host: "api.example.com"), errorMessageFields: fields, retry: .none)
        return (EndpointClient(configuration: configuration, transport: stub, onFailure: onFailure), stub)
    }

    let getAddress = Request<Address>(method: .get, path: "/address")

    @Test func aResponseHasTheStatusAndEveryHeader() async throws {
        let reply = StubTransport.Reply(status: 201, headers: ["Content-Type": "application/json", "ETag": "\"v1\""], body: Data(#"{"city": "Oslo"}"#.utf8))
        let (client, _) = client(reply, reply)
        let response = try await client.response(for: getAddress)
        #expect(response.body == Address(city: "Oslo"))
        #expect(response.statusCode == 201)
        // Foundation may give the names in its own case (`Etag`); `header(_:)` ignores it.
        #expect(response.headers.contains { $0.key.lowercased() == "etag" && $0.value == "\"v1\"" })
        #expect(response.header("etag") == "\"v1\"" && response.header("ETAG") == "\"v1\"" && response.header("X-None") == nil)
        #expect(try await client.send(getAddress) == Address(city: "Oslo"))
    }

    @Test func declaredHeadersAreTypedAndARequiredOneMissingIsReported() async throws {
        let good = StubTransport.Reply(status: 200, headers: ["Total-Records": "12", "Last-Modified": "Tue, 01 Dec 2026 12:00:00 GMT"])
        let bad = StubTransport.Reply(status: 200, headers: ["Last-Modified": "yesterday"])
        let failures = Failures()
        let (client, _) = client(good, bad, onFailure: { error, _ in failures.add(error) })
        let request = Request<Empty>(method: .head, path: "/records")
        let answer = try await client.response(for: request, declaring: Headers.self)
        #expect(answer.declared.total == 12)
        #expect(answer.declared.modified == Date(timeIntervalSince1970: 1_796_126_400))
        let expected = EndpointError.decodingFailed(
            type: "Headers", path: "Total-Records", reason: "the response has no 'Total-Records' header", statusCode: 200, body: Data())
        await #expect(throws: expected) { try await client.response(for: request, declaring: Headers.self) }
        #expect(failures.all == [expected])
    }

    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777.0), ("Thu, 29 Feb 2024 23:59:59 GMT", 1_709_251_199.0),
    ])
    func httpDatesParse(text: String, seconds: Double) {
        #expect(Date.parsed(fromHeader: text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [
        "Mon, 06 Nov 1994 08:49:37 GMT",  // the wrong day of the week
        "Thu, 30 Feb 2024 10:00:00 GMT",  // no such day
        "Sunday, 06-Nov-94 08:49:37 GMT",  // RFC 850, obsolete
        "Sun Nov  6 08:49:37 1994",  // asctime, obsolete
        "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "",
    ])
    func otherDatesDoNot(text: String) {
        #expect(Date.parsed(fromHeader: text) == nil)
    }

    @Test func scalarHeadersParseOrAreNil() {
        #expect(Int.parsed(fromHeader: " 42 ") == 42 && Int.parsed(fromHeader: "4x") == nil)
        #expect(Bool.parsed(fromHeader: "TRUE") == true && Bool.parsed(fromHeader: "yes") == nil)
        #expect(URL.parsed(fromHeader: "/api/contents/untitled")?.path == "/api/contents/untitled")
        #expect(UUID.parsed(fromHeader: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") != nil && UUID.parsed(fromHeader: "e621") == nil)
    }

    @Test func aResponseIsUnwrappedFromItsEnvelope() async throws {
        var request = getAddress
        request.unwrap = "result.address"
        let (client, _) = client(.json(#"{"result": {"address": {"city": "Oslo"}}, "meta": {}}"#), .json(#"{"result": {"address": {"town": "Oslo"}}}"#))
        #expect(try await client.send(request) == Address(city: "Oslo"))
        await #expect(
            throws: EndpointError.decodingFailed(
                type: "Address", path: "result.address", reason: "missing key 'city'", statusCode: 200,
                body: Data(#"{"result": {"address": {"town": "Oslo"}}}"#.utf8))
        ) { try await client.send(request) }
    }

    @Test func aJSONBodyIsWrappedInItsEnvelope() async throws {
        let (client, stub) = client(.json("{}"))
        let request = Request<Empty>(method: .post, path: "/a", body: RequestBody.json(Address(city: "Oslo")).wrapped(in: "data.address"))
        _ = try await client.send(request)
        let sent = try #require(stub.requests.first?.httpBody)
        #expect(try JSONSerialization.jsonObject(with: sent) as? NSDictionary == ["data": ["address": ["city": "Oslo"]]])
        #expect(RequestBody.form([]).wrapped(in: "data").isForm)
    }

    @Test func theMessageIsTheFirstFieldThatHoldsText() async {
        let body = #"{"message": "", "error": {"code": 3}, "detail": "Too many."}"#
        let (client, _) = client(.json(body, status: 429), fields: ["message", "error.message", "error", "detail"])
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 429, message: "Too many.", body: Data(body.utf8))) {
            try await client.send(getAddress)
        }
    }
}

/// Failures the hook saw.
private final class Failures: Sendable {
    private let errors = Locked<[EndpointError]>([])
    func add(_ error: EndpointError) { errors.withLock { $0.append(error) } }
    var all: [EndpointError] { errors.withLock { $0 } }
}

extension RequestBody {
    fileprivate var isForm: Bool {
        if case .form = self { return true }
        return false
    }
}
