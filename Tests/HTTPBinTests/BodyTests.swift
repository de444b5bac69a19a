import EndpointRuntime
import Foundation
import HTTPBinAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Bodies, media types and free-form JSON against live httpbin, which echoes what it received: a merge patch
/// arrives with its media type, a DELETE carries a body, whole values (a model, an array, a document, text) are
/// the body, `JSON` keeps every member, and an endpoint's `accept` is sent and checked.
@Suite(.enabled(if: HTTPBinServer.available, HTTPBinServer.why), .timeLimit(.minutes(5)))
struct BodyTests {
    let client: HTTPBinClient

    init() throws {
        client = try HTTPBinServer.client()
    }

    @Test func aMergePatchArrivesWithItsMediaTypeAndItsNulls() async throws {
        let patch: JSON = ["name": "Rex", "owner": .null, "tags": ["good"]]
        let echo = try await client.mergePatch(patch, path: "pets/7")
        #expect(echo.method == "PATCH")
        #expect(echo.headers["Content-Type"] == "application/merge-patch+json")
        // The null that removes `owner` must travel: a merge patch without it changes nothing there.
        #expect(echo.json == patch)
        #expect(echo.json["owner"] == .null)
    }

    @Test func aDeleteCarriesItsBody() async throws {
        let echo = try await client.deleteWithBody(reason: "sold out", force: true)
        #expect(echo.method == "DELETE")
        #expect(echo.json == ["reason": "sold out"])
        #expect(echo.headers["Content-Type"] == "application/json")
        #expect(echo.args == ["force": "true", "client_version": "0.10.4"])
    }

    @Test func aWholePetIsTheBody() async throws {
        let pet = Pet(id: 7, name: "Rex", tags: ["good", "loud"], extra: ["chip": ["id": 991, "vet": "Dr. Ada"]])
        let echo = try await client.addPet(pet, dryRun: true)
        #expect(try echo.json.decode(as: Pet.self) == pet)
        #expect(echo.json == ["id": 7, "name": "Rex", "tags": ["good", "loud"], "extra": ["chip": ["id": 991, "vet": "Dr. Ada"]]])
        #expect(echo.headers["X-Dry-Run"] == "true")
    }

    @Test func aWholeArrayIsTheBody() async throws {
        let echo = try await client.replaceTags(["good", "loud"], id: 7)
        #expect(echo.method == "PUT")
        #expect(echo.json == ["good", "loud"])
        #expect(echo.data == #"["good","loud"]"#)
    }

    @Test func aResponseTypedJSONKeepsEveryMember() async throws {
        let document: JSON = ["title": "Notes", "pages": [1, 2.5, true, .null], "meta": ["nested": ["deep": "yes"]]]
        let echo = try await client.echoDocument(document)
        #expect(echo["json"] == document)
        #expect(echo["method"] == "POST")
        #expect(echo["headers"]?["Content-Type"] == "application/json")
        // A JSON query parameter (here its default) travels as compact JSON text with sorted keys.
        #expect(echo["args"] == ["client_version": "0.10.4", "filter": #"{"owner":"ann","tags":["a",1]}"#])
        let members = try #require(echo.objectValue).keys
        #expect(Set(members).isSuperset(of: ["args", "data", "files", "form", "headers", "json", "method", "origin", "url"]))
    }

    @Test func aTextBodyIsSentAsItIsWithItsMediaType() async throws {
        let echo = try await client.postNote("# Title\n\n{not json}")
        #expect(echo.data == "# Title\n\n{not json}")
        #expect(echo.headers["Content-Type"] == "text/markdown")
        #expect(echo.json == .null)
    }

    /// httpbin's `/image` answers in the format `Accept` asks for: the endpoint's `accept` (an SVG) replaces the
    /// spec's `Accept: application/json` default, which gets a 406, and its answer passes the endpoint's check.
    @Test func anEndpointsAcceptedTypesAreSentAndItsAnswerChecked() async throws {
        let transport = HeaderRecordingTransport()
        let client = try HTTPBinServer.client(transport: transport)
        let image = try await client.image()
        #expect(String(decoding: image, as: UTF8.self).contains("<svg"))
        #expect(transport.accept.values == ["image/svg+xml"])
    }

    /// An endpoint's `accept` is checked for raw `Data` responses too (the policy's list is only checked for decoded ones).
    @Test func aResponseOfATypeTheEndpointDoesNotAcceptFails() async throws {
        await #expect {
            try await client.png()
        } throws: { error in
            guard case .unacceptableContentType(let contentType, 200, let body)? = error as? EndpointError else { return false }
            return contentType == "image/png" && body.starts(with: [0x89, 0x50, 0x4E, 0x47])
        }
    }
}

/// A transport that records the `Accept` header of each request it passes on.
final class HeaderRecordingTransport: Transport {
    private let inner = URLSessionTransport()
    /// The `Accept` value of every request sent so far (`-` for none).
    let accept = Recorder<String>()

    func send(_ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> HTTPResponse {
        accept.append(request.value(forHTTPHeaderField: "Accept") ?? "-")
        return try await inner.send(request, progress: progress)
    }
}
