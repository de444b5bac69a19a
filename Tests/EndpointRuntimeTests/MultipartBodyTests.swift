import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// A multipart response read as its parts (`response: Multipart`, OpenAPI's `multipart/*` responses): names, file
/// names, content types, other headers and bytes, whatever lies before the first boundary and after the last left out.
@Suite(.timeLimit(.minutes(2))) struct MultipartBodyTests {
    let body = Data("""
        This is the preamble.\r
        --b0undary\r
        Content-Disposition: form-data; name="summary"\r
        \r
        two lines\r
        of text\r
        --b0undary  \r
        Content-Disposition: form-data; name="report"; filename="q\\"1\\".csv"\r
        Content-Type: text/csv\r
        Content-MD5: Q2hlY2s=\r
        \r
        a,b\r
        1,2\r
        --b0undary\r
        \r
        no headers\r
        --b0undary--\r
        This is the epilogue.
        """.utf8)

    @Test func thePartsComeWithTheirNamesTypesHeadersAndBytes() throws {
        let parsed = try #require(MultipartBody(body, contentType: #"multipart/form-data; charset=utf-8; boundary="b0undary""#))
        #expect(parsed.parts == [
            MultipartPart(name: "summary", data: Data("two lines\r\nof text".utf8)),
            MultipartPart(name: "report", filename: #"q"1".csv"#, contentType: "text/csv", headers: [HeaderField("Content-MD5", "Q2hlY2s=")], data: Data("a,b\r\n1,2".utf8)),
            MultipartPart(name: "", data: Data("no headers".utf8)),
        ])
        #expect(parsed["report"]?.contentType == "text/csv")
        #expect(parsed["missing"] == nil)
    }

    @Test func aBodyThatDoesNotFollowItsBoundaryIsNoMultipartBody() {
        #expect(MultipartBody(body, contentType: "multipart/mixed") == nil, "no boundary")
        #expect(MultipartBody(body, contentType: "application/json; boundary=b0undary") == nil, "not multipart")
        #expect(MultipartBody(body, contentType: "multipart/mixed; boundary=other") == nil, "another boundary")
        #expect(MultipartBody(Data("--b\r\nContent-Type: text/plain\r\n\r\nunterminated".utf8), contentType: "multipart/mixed; boundary=b") == nil)
        #expect(MultipartBody(Data("--b\r\nno colon\r\n\r\nx\r\n--b--".utf8), contentType: "multipart/mixed; boundary=b") == nil)
        #expect(MultipartBody(Data("--b--\r\n".utf8), contentType: "multipart/mixed; boundary=b") == MultipartBody(parts: []))
    }

    /// Through the client: a `Request<MultipartBody>` decodes the response's parts; a body that is not multipart is a
    /// located decoding failure, not an empty body.
    @Test func theClientReadsAMultipartResponseAsItsParts() async throws {
        let stub = StubTransport(responses: [
            .init(headers: ["Content-Type": "multipart/mixed; boundary=b0undary"], body: body),
            .json(#"{"summary": "x"}"#),
        ])
        let client = EndpointClient(configuration: ClientConfiguration(server: ServerAddress(host: "example.com"), retry: .none), transport: stub)
        let parts = try await client.send(Request<MultipartBody>(method: .get, path: "/report"))
        #expect(parts.parts.map(\.name) == ["summary", "report", ""])
        do {
            _ = try await client.send(Request<MultipartBody>(method: .get, path: "/report"))
            Issue.record("a JSON body decoded as multipart")
        } catch {
            guard case .decodingFailed(_, _, let reason, _, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("not multipart"))
        }
    }
}
