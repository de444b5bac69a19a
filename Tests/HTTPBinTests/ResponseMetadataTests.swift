import EndpointRuntime
import Foundation
import HTTPBinAPI
import TestSupport
import Testing

/// Status codes, response headers (raw and as the spec declares them, typed), HEAD endpoints and JSON envelopes,
/// against live httpbin: `/response-headers` sets the headers its query names, `/status/201` answers 201 and
/// `/anything` echoes a JSON body under `json`.
@Suite(.enabled(if: HTTPBinServer.available, HTTPBinServer.why), .timeLimit(.minutes(5)))
struct ResponseMetadataTests {
    let client: HTTPBinClient
    /// `Last-Modified: Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110's example date.
    let lastModified = Date(timeIntervalSince1970: 784_111_777)

    init() throws {
        client = try HTTPBinServer.client()
    }

    @Test func aCallGivesItsStatusAndHeadersWithTheBody() async throws {
        let answer = try await client.recordsWithResponse(etag: "\"v7\"", totalRecords: "42", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(answer.statusCode == 200)
        #expect(answer.body["ETag"] == "\"v7\"")
        #expect(answer.header("etag") == "\"v7\"")
        #expect(answer.header("TOTAL-RECORDS") == "42")
        #expect(answer.headers.keys.contains { $0.lowercased() == "content-type" })
        // The declared headers, typed; the optional one the response lacks is nil.
        #expect(answer.declared.eTag == "\"v7\"")
        #expect(answer.declared.totalRecords == 42)
        #expect(answer.declared.lastModified == lastModified)
        #expect(answer.declared.location == nil)
    }

    @Test func thePlainCallStillReturnsTheBody() async throws {
        let body = try await client.records(etag: "e", totalRecords: "1", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(body["Total-Records"] == "1")
    }

    @Test func aRequiredHeaderThatDoesNotParseFailsTheCall() async throws {
        await #expect(
            throws: EndpointError.decodingFailed(
                type: "HTTPBinEndpoints.RecordsHeaders", path: "Total-Records", reason: "header 'Total-Records' is 'many', which is not an integer",
                statusCode: 200, body: Data())
        ) {
            try await client.recordsWithResponse(etag: "e", totalRecords: "many", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")
        }
        await #expect(throws: EndpointError.self) {
            try await client.recordsWithResponse(etag: "e", totalRecords: "1", lastModified: "06 Nov 1994")  // not an IMF-fixdate
        }
    }

    @Test func aHeadEndpointReturnsTheHeadersItDeclares() async throws {
        let headers = try await client.probe(etag: "abc")
        #expect(headers.eTag == "abc")
        #expect(headers.contentLength > 0)
        let answer = try await client.probeWithResponse(etag: "abc")
        #expect(answer.statusCode == 200 && answer.body == Empty() && answer.declared.eTag == "abc")
    }

    @Test func a201IsTold() async throws {
        #expect(try await client.createdWithResponse().statusCode == 201)
        #expect(try await client.statusWithResponse(code: 200).statusCode == 200)
    }

    /// Each call gets its own response's headers, however many run at once (no "last response" to race on).
    @Test func concurrentCallsEachGetTheirOwnHeaders() async throws {
        let client = self.client
        try await withThrowingTaskGroup(of: (Int, String?, Int).self) { group in
            for index in 0..<24 {
                group.addTask {
                    let answer = try await client.recordsWithResponse(
                        etag: "tag-\(index)", totalRecords: String(index), lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")
                    return (index, answer.header("ETag"), answer.declared.totalRecords)
                }
            }
            var seen = 0
            for try await (index, etag, total) in group {
                #expect(etag == "tag-\(index)")
                #expect(total == index)
                seen += 1
            }
            #expect(seen == 24)
        }
    }

    /// The body goes out as `{"data": {...}}` (`wrap: data`); httpbin echoes it under `json`, and the response is
    /// unwrapped from `json.data`, which is there only if the body was wrapped.
    @Test func aBodyIsWrappedAndTheResponseUnwrapped() async throws {
        let item = try await client.anythingEnveloped(name: "oat milk", quantity: 2, tags: ["cold"])
        #expect(item == Item(name: "oat milk", quantity: 2, tags: ["cold"]))
    }
}

/// Error messages under different keys (`messageField: [message, error.message, error, detail]`), from the
/// loopback echo server's `/problem/KIND`.
@Suite(.enabled(if: TestEnvironment.canRun(needingServer: "ENDPOINTGEN_ECHO_SERVER"), "needs the loopback echo server: run bash Tests/run.sh"), .timeLimit(.minutes(5)))
struct ErrorMessageFieldTests {
    @Test(arguments: [
        ("message", 400, "top-level message"), ("nested", 422, "nested message"), ("error", 404, "Table not found"),
        ("detail", 409, "detail text"), ("empty", 500, "the non-empty one"), ("none", 503, "httpbin refused the request"),
    ])
    func theMessageIsTheFirstFieldThatHoldsText(kind: String, status: Int, message: String) async throws {
        let echo = try #require(TestEnvironment.serverURL("ENDPOINTGEN_ECHO_SERVER"), "ENDPOINTGEN_ECHO_SERVER is not set")
        var configuration = HTTPBinClient.defaultConfiguration
        configuration.server = try #require(ServerAddress(url: echo))
        configuration.variables = ["platform": "linux"]
        let client = HTTPBinClient(configuration: configuration)
        do {
            try await client.problem(kind: kind)
            Issue.record("expected \(status)")
        } catch {
            #expect(error.statusCode == status)
            guard case .unacceptableStatus(_, let received, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(received == message)
        }
    }
}

/// The fake answers the status-and-headers variants too.
@Suite(.timeLimit(.minutes(2))) struct FakeResponseMetadataTests {
    @Test func theFakeGivesTheStatusAndHeadersATestSets() async throws {
        var fake = FakeHTTPBinClient()
        fake.recordsResponseHandler = { etag, total, _ in
            Response(body: ["ETag": etag], statusCode: 203, headers: ["etag": etag, "Total-Records": total, "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"])
        }
        let answer = try await fake.recordsWithResponse(etag: "x", totalRecords: "5", lastModified: "")
        #expect(answer.statusCode == 203)
        #expect(answer.declared.eTag == "x" && answer.declared.totalRecords == 5)
        // The plain call answers from the same handler when it has none of its own.
        #expect(try await fake.records(etag: "y", totalRecords: "6", lastModified: "") == ["ETag": "y"])
        // Through the protocol, as an app's code calls it.
        let client: any HTTPBinClientProtocol = fake
        #expect(try await client.recordsWithResponse(etag: "z", totalRecords: "7", lastModified: "").declared.totalRecords == 7)
    }

    @Test func theFakesVariantFallsBackToThePlainHandlerWithStatus200() async throws {
        var fake = FakeHTTPBinClient()
        fake.createdHandler = { Empty() }
        let answer = try await fake.createdWithResponse()
        #expect(answer.statusCode == 200 && answer.headers.isEmpty)
        await #expect(throws: EndpointError.invalidRequest("FakeHTTPBinClient.probeHandler is not set")) {
            try await fake.probe(etag: "a")
        }
        await #expect(throws: EndpointError.invalidRequest("FakeHTTPBinClient.probeResponseHandler is not set")) {
            try await fake.probeWithResponse(etag: "a")
        }
    }

    @Test func aFakesMissingRequiredHeaderFailsLikeTheClient() async throws {
        var fake = FakeHTTPBinClient()
        fake.probeResponseHandler = { etag in Response(body: Empty(), headers: ["ETag": etag]) }
        await #expect(
            throws: EndpointError.decodingFailed(
                type: "HTTPBinEndpoints.ProbeHeaders", path: "Content-Length", reason: "the response has no 'Content-Length' header", statusCode: 200,
                body: Data())
        ) {
            try await fake.probe(etag: "a")
        }
    }
}
