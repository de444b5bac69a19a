import EndpointSpec
import Testing

/// OpenAPI `xml` objects (issue #23) become the spec's `xml:` marks of properties; what has no equivalent is a warning.
@Suite struct XMLObjectImportTests {
    static let text = oneResponseDocument("{ $ref: '#/components/schemas/Shelf' }", schemas: """
            Shelf:
              type: object
              required: [id]
              properties:
                id: { type: integer, xml: { attribute: true } }
                tags: { type: array, xml: { wrapped: true }, items: { type: string, xml: { name: Tag } } }
                books: { type: array, xml: { wrapped: true }, items: { type: string } }
                contents: { type: array, xml: {}, items: { type: string } }
                name: { type: string, xml: { namespace: "https://example.com/ns", prefix: s } }
                label: { type: string, xml: { name: Title } }
                sizes: { type: array, xml: { attribute: true }, items: { type: integer } }
                plain: { type: array, items: { type: string } }
        """)

    @Test func xmlObjectsBecomeXMLMarks() throws {
        let fixture = try ImportFixture(Self.text)
        let marks = fixture.properties("Shelf").map { "\($0.wireName): \($0.xml.map { "\($0)" } ?? "-")" }
        #expect(marks == [
            "id: attribute", #"tags: wrapped(item: Optional("Tag"))"#, "books: wrapped(item: nil)", "contents: flattened", "name: -", "label: -",
            "sizes: -", "plain: -",
        ])
    }

    @Test func whatHasNoEquivalentIsAWarning() throws {
        let fixture = try ImportFixture(Self.text)
        #expect(fixture.warnings.map { $0.replacingOccurrences(of: #"^api\.yaml:\d+:\d+: warning: "#, with: "", options: .regularExpression) } == [
            "the XML namespace of property 'name' of 'Shelf' has no equivalent (XML bodies match elements and attributes by local name); it is ignored",
            "the XML prefix of property 'name' of 'Shelf' has no equivalent (XML bodies match elements and attributes by local name); it is ignored",
            "the XML name 'Title' of property 'label' of 'Shelf' has no equivalent (the key 'label' names the JSON member and the XML element alike); it is ignored",
            "'attribute: true' of property 'sizes' of 'Shelf' is ignored: an XML attribute holds text, numbers, booleans and dates, not a '[Int]?'",
        ])
    }

    /// The marks survive `convert` and reloading, and the client (now with an XML coder) compiles without a warning.
    @Test func theMarksSurviveConvertAndTheClientCompiles() throws {
        let fixture = try ImportFixture(Self.text)
        let reloaded = try roundTrip(fixture.spec)
        #expect(reloaded.spec.withoutLocations == fixture.spec.withoutLocations)
        try ClientCompiler.expectCleanCompile(fixture)
    }
}
