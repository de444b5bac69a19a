import EndpointRuntime
import Foundation
import HTTPBinAPI
import Testing

/// A generated endpoint whose body's `contentType` is XML sends the model as an XML document (attributes and
/// wrapped lists where the spec marks them), with that media type; httpbin echoes the bytes it got.
@Suite(.enabled(if: HTTPBinServer.available, HTTPBinServer.why), .timeLimit(.minutes(5)))
struct XMLBodyTests {
    @Test func aWholeModelBodyIsSentAsXML() async throws {
        let client = try HTTPBinServer.client()
        let echo = try await client.postShelfXML(Shelf(id: 7, name: "Top & left", tags: ["a", "b"]))
        #expect(echo.headers["Content-Type"] == "application/xml")
        #expect(echo.data == #"<?xml version="1.0" encoding="UTF-8"?><Shelf ID="7"><Name>Top &amp; left</Name><Tags><Tag>a</Tag><Tag>b</Tag></Tags></Shelf>"#)
    }
}
