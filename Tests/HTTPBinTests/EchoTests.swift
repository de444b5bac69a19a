import EndpointRuntime
import Foundation
import HTTPBinAPI
import Testing

/// Every echoing endpoint of the generated `HTTPBinClient`, called on live httpbin: what the client sent
/// (query, headers, bodies of each encoding, the spec's default query and headers) is what httpbin received.
@Suite(.enabled(if: HTTPBinServer.available, HTTPBinServer.why), .timeLimit(.minutes(5)))
struct EchoTests {
    let client: HTTPBinClient
    let base: String
    /// The spec's default query item (`client_version: "{version}"`), which every request carries.
    let defaultQuery = ["client_version": "0.10.4"]
    /// The spec's `User-Agent` template with `platform` set to `linux`.
    let userAgent = "HTTPBinClient/0.10.4 (linux)"

    init() throws {
        client = try HTTPBinServer.client()
        base = try HTTPBinServer.configuration().server.baseURLString
    }

    @Test func getSendsTheQueryHeadersAndDefaults() async throws {
        let echo = try await client.get(search: "swift client", page: 2, trace: "t-1")
        #expect(echo.args == ["q": "swift client", "page": "2", "client_version": "0.10.4"])
        #expect(echo.headers["X-Trace"] == "t-1")
        #expect(echo.headers["User-Agent"] == userAgent)
        #expect(echo.headers["Accept"] == "application/json")
        #expect(echo.url.hasPrefix("\(base)/get?"))
    }

    @Test func getLeavesOutUnsetOptionalsAndSendsDefaultValues() async throws {
        let echo = try await client.get()
        #expect(echo.args == ["page": "1", "client_version": "0.10.4"])
        #expect(echo.headers["X-Trace"] == nil)
    }

    @Test func postSendsJSON() async throws {
        let echo = try await client.postJSON(name: "oat milk", quantity: 3, tags: ["vegan", "cold"])
        #expect(echo.json == Item(name: "oat milk", quantity: 3, tags: ["vegan", "cold"]))
        #expect(echo.headers["Content-Type"] == "application/json")
        #expect(echo.form.isEmpty && echo.files.isEmpty)
        #expect(echo.args == defaultQuery)
    }

    @Test func postSendsAForm() async throws {
        let echo = try await client.postForm(name: "oat milk & honey", quantity: 3)
        #expect(echo.form == ["name": "oat milk & honey", "quantity": "3"])
        #expect(echo.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(echo.json == nil)
    }

    @Test func postSendsMultipartWithAFile() async throws {
        let echo = try await client.postMultipart(file: Data("line one\nline two\n".utf8), caption: "two lines")
        #expect(echo.files == ["file": "line one\nline two\n"])
        #expect(echo.form == ["caption": "two lines"])
        #expect(echo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
    }

    @Test func putSendsJSON() async throws {
        let echo = try await client.put(name: "tea", quantity: 1, tags: [])
        #expect(echo.json == Item(name: "tea", quantity: 1, tags: []))
        #expect(echo.url == "\(base)/put?client_version=0.10.4")
    }

    @Test func patchSendsAForm() async throws {
        let echo = try await client.patch(name: "green tea")
        #expect(echo.form == ["name": "green tea"])
        #expect(echo.url == "\(base)/patch?client_version=0.10.4")
    }

    @Test func deleteSendsItsParameterInTheQuery() async throws {
        let echo = try await client.delete(reason: "sold out")
        #expect(echo.args == ["reason": "sold out", "client_version": "0.10.4"])
        #expect(echo.data.isEmpty)
    }

    @Test func headerParametersArrive() async throws {
        let echoed = try await client.headers(tag: "blue")
        #expect(echoed.headers["X-Tag"] == "blue")
        #expect(echoed.headers["User-Agent"] == userAgent)
    }

    @Test func uuidDecodesAsUUID() async throws {
        let first = try await client.uuid()
        let second = try await client.uuid()
        #expect(first.uuid != second.uuid)
    }

    @Test func responseHeadersEchoesTheQuery() async throws {
        let headers = try await client.responseHeaders(trace: "abc")
        #expect(headers["X-Trace"] == "abc")
        #expect(headers["client_version"] == "0.10.4")
        #expect(headers["Content-Type"] == "application/json")
    }

    @Test func redirectsAreFollowedToGet() async throws {
        let echo = try await client.redirect(times: 3)
        #expect(echo.url == "\(base)/get")
        #expect(echo.headers["User-Agent"] == userAgent)
    }

    @Test func gzipBodiesAreInflated() async throws {
        let echo = try await client.gzip()
        #expect(echo.gzipped)
        #expect(echo.method == "GET")
        #expect(echo.headers["Accept-Encoding"]?.contains("gzip") == true)
    }

    /// httpbin rebuilds the URL it echoes from the decoded path, so the encoding is checked on the way out.
    @Test func anythingGetsItsPathParameterAsOneEncodedSegment() async throws {
        let transport = CountingTransport()
        let echo = try await HTTPBinServer.client(transport: transport).anything(path: "orders/42 new", note: "n")
        #expect(transport.sent.values == ["GET \(base)/anything/orders%2F42%20new?client_version=0.10.4&note=n"])
        #expect(echo.method == "GET")
        #expect(echo.url == "\(base)/anything/orders/42%20new?client_version=0.10.4&note=n")
        #expect(echo.args == ["note": "n", "client_version": "0.10.4"])
    }

    @Test func cookieParametersArriveTogetherAndNilOnesStayOut() async throws {
        #expect(try await client.cookies(flavour: "oat", size: "large").cookies == ["flavour": "oat", "size": "large"])
        #expect(try await client.cookies(flavour: "oat").cookies == ["flavour": "oat"])
    }

    @Test func bytesArriveRaw() async throws {
        let data = try await client.bytes(count: 1_000)
        #expect(data.count == 1_000)
    }
}
