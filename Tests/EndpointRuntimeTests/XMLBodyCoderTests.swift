import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A model as the generator writes one for a spec with `xml:` marks: `id` an attribute, `tags` a wrapped list of
/// `<Tag>`, `parts` a flattened list.
private struct Shelf: Codable, Sendable, Equatable {
    var id: Int
    var name: String
    var tags: [String]
    var parts: [Part]
    var opened: Date
    var note: String?

    enum CodingKeys: String, XMLCodingKey {
        case id = "ID", name = "Name", tags = "Tags", parts = "Part", opened = "Opened", note = "Note"

        var xmlForm: XMLKeyForm {
            switch self {
            case .id: .attribute
            case .tags: .wrapped(item: "Tag")
            case .parts: .flattened
            case .name, .opened, .note: .element
            }
        }
    }
}

private struct Part: Codable, Sendable, Equatable {
    var size: Int
    var label: String

    enum CodingKeys: String, XMLCodingKey {
        case size, label = "Label"
        var xmlForm: XMLKeyForm { self == .size ? .attribute : .element }
    }
}

@Suite(.timeLimit(.minutes(2))) struct XMLBodyCoderTests {
    let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <s:Shelf xmlns:s="urn:shelves" ID="7">
          <s:Name>Top &amp; left</s:Name>
          <s:Tags><s:Tag>a</s:Tag><s:Other>skipped</s:Other><s:Tag>b</s:Tag></s:Tags>
          <s:Part size="3"><s:Label>one</s:Label></s:Part>
          <s:Part size="4"><s:Label>two</s:Label></s:Part>
          <s:Opened>2026-12-01T15:01:58.000Z</s:Opened>
        </s:Shelf>
        """

    @Test func elementsAttributesWrappedAndFlattenedListsAndDatesDecodeIgnoringNamespaces() throws {
        let shelf = try XMLBodyCoder().decode(Shelf.self, from: Data(document.utf8))
        #expect(shelf.id == 7)
        #expect(shelf.name == "Top & left")
        #expect(shelf.tags == ["a", "b"])
        #expect(shelf.parts == [Part(size: 3, label: "one"), Part(size: 4, label: "two")])
        #expect(shelf.opened == Date(timeIntervalSince1970: 1_796_137_318))
        #expect(shelf.note == nil)
    }

    @Test func aMatchedNamespaceIsRequiredOfTheRoot() throws {
        #expect(throws: Never.self) { try XMLBodyCoder(namespace: "urn:shelves", matchesNamespace: true).decode(Shelf.self, from: Data(document.utf8)) }
        #expect(throws: DecodingError.self) { try XMLBodyCoder(namespace: "urn:other", matchesNamespace: true).decode(Shelf.self, from: Data(document.utf8)) }
    }

    @Test func encodingWritesWhatDecodingReads() throws {
        let shelf = Shelf(
            id: 9, name: "<b>\"x\"</b> & &amp;", tags: ["t1"], parts: [Part(size: 1, label: "p")], opened: Date(timeIntervalSince1970: 1_000), note: nil)
        let coder = XMLBodyCoder(dateCoding: .secondsSince1970, namespace: "urn:shelves")
        let data = try coder.encode(shelf)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Shelf xmlns=\"urn:shelves\" ID=\"9\">"))
        #expect(text.contains("<Name>&lt;b&gt;\"x\"&lt;/b&gt; &amp; &amp;amp;</Name>"))
        #expect(text.contains("<Tags><Tag>t1</Tag></Tags><Part size=\"1\"><Label>p</Label></Part><Opened>1000</Opened>"))
        #expect(!text.contains("Note"))
        #expect(try coder.decode(Shelf.self, from: data) == shelf)
    }

    @Test func aMissingElementAndABadNumberAreLocatedDecodingErrors() throws {
        let missing = "<Shelf ID=\"1\"><Tags/><Opened>2026-12-01T15:01:58Z</Opened></Shelf>"
        #expect {
            try XMLBodyCoder().decode(Shelf.self, from: Data(missing.utf8))
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "Name"
        }
        let bad = "<Shelf ID=\"x\"><Name>n</Name><Opened>2026-12-01T15:01:58Z</Opened></Shelf>"
        #expect(throws: DecodingError.self) { try XMLBodyCoder().decode(Shelf.self, from: Data(bad.utf8)) }
        #expect(throws: DecodingError.self) { try XMLBodyCoder().decode(Shelf.self, from: Data("not xml".utf8)) }
    }

    /// A client whose one reply is `reply`, with the XML coder configured (or not).
    func client(_ reply: StubTransport.Reply, coders: [any BodyCoder] = [XMLBodyCoder()]) -> (EndpointClient, StubTransport) {
        let configuration = ClientConfiguration(
            server: ServerAddress(host: "api.example.com"), acceptableContentTypes: ["application/xml"], errorMessageFields: ["Message"],
            fallbackErrorMessage: "Fallback.", retry: .none, bodyCoders: coders)
        let transport = StubTransport(responses: [reply])
        return (EndpointClient(configuration: configuration, transport: transport), transport)
    }

    @Test func theClientDecodesAResponseByItsContentTypesCoder() async throws {
        let (client, _) = client(StubTransport.Reply(headers: ["Content-Type": "application/xml; charset=utf-8"], body: Data(document.utf8)))
        let shelf = try await client.send(Request<Shelf>(method: .get, path: "/shelf"))
        #expect(shelf.parts.count == 2)
        let (plain, _) = self.client(StubTransport.Reply(headers: ["Content-Type": "application/xml"], body: Data(document.utf8)), coders: [])
        await #expect(throws: EndpointError.self) { try await plain.send(Request<Shelf>(method: .get, path: "/shelf")) }
    }

    @Test func anXMLErrorsMessageFieldIsTheMessage() async throws {
        let body = Data("<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>".utf8)
        for coders in [[XMLBodyCoder()], []] as [[any BodyCoder]] {
            let (client, _) = client(StubTransport.Reply(status: 404, headers: ["Content-Type": "application/xml"], body: body), coders: coders)
            do {
                _ = try await client.send(Request<Empty>(method: .get, path: "/k"))
                Issue.record("a 404 did not throw")
            } catch {
                guard case .unacceptableStatus(404, let message, _) = error else { throw error }
                // Without an XML coder, markup is no message: the fallback.
                #expect(message == (coders.isEmpty ? "Fallback." : "The specified key does not exist."))
            }
        }
    }

    /// The fields are tried in the order they are listed: the first that holds text is the message.
    @Test func theFirstListedFieldThatHoldsTextIsTheMessage() throws {
        let body = Data("<Error><Code>NoSuchKey</Code><Message>The key does not exist.</Message><Empty/></Error>".utf8)
        #expect(XMLBodyCoder().errorMessage(in: body, fields: ["Message", "Code"]) == "The key does not exist.")
        #expect(XMLBodyCoder().errorMessage(in: body, fields: ["Code", "Message"]) == "NoSuchKey")
        #expect(XMLBodyCoder().errorMessage(in: body, fields: ["Empty", "Error.Code"]) == "NoSuchKey")
    }

    @Test func anEncodedBodyGoesThroughTheCoderOfItsMediaType() async throws {
        let (client, transport) = client(StubTransport.Reply(status: 204))
        let part = Part(size: 2, label: "x")
        _ = try await client.send(Request<Empty>(method: .post, path: "/parts", body: .encoded(part, mediaType: "application/xml")))
        let sent = try #require(transport.requests.first)
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/xml")
        #expect(sent.httpBody.map { String(decoding: $0, as: UTF8.self) } == "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Part size=\"2\"><Label>x</Label></Part>")

        let (json, jsonTransport) = self.client(StubTransport.Reply(status: 204), coders: [])
        _ = try await json.send(Request<Empty>(method: .post, path: "/parts", body: .encoded(part, mediaType: "application/merge-patch+json")))
        #expect(jsonTransport.requests.first?.httpBody.map { String(decoding: $0, as: UTF8.self) }?.contains("\"Label\":\"x\"") == true)
        await #expect(throws: EndpointError.self) {
            try await json.send(Request<Empty>(method: .post, path: "/parts", body: .encoded(part, mediaType: "application/x-msgpack")))
        }
    }

    @Test func aCoderOfYourOwnPlugsInTheSameWay() async throws {
        let (client, transport) = client(
            StubTransport.Reply(headers: ["Content-Type": "application/x-lines"], body: Data("a\nb".utf8)), coders: [LinesCoder(), XMLBodyCoder()])
        let lines = try await client.send(Request<[String]>(method: .post, path: "/echo", body: .encoded(["x", "y"], mediaType: "application/x-lines"), accept: ["application/x-lines"]))
        #expect(lines == ["a", "b"])
        #expect(transport.requests.first?.httpBody == Data("x\ny".utf8))
    }
}

/// A user's coder: a list of strings, one a line.
private struct LinesCoder: BodyCoder {
    let mediaTypes = ["application/x-lines"]

    func encode(_ value: any Encodable) throws -> Data {
        guard let lines = value as? [String] else { throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "not lines")) }
        return Data(lines.joined(separator: "\n").utf8)
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init) as? T else {
            throw DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "only [String]"))
        }
        return lines
    }

    func errorMessage(in body: Data, fields: [String]) -> String? { nil }
}
