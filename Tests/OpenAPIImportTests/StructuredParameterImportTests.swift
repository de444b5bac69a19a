import EndpointSpec
import OpenAPIImport
import Testing

/// Unions, objects, maps and arrays of objects in query and form positions (issue #23): kept with their types and
/// sent in the style the document declares (`deepObject`, `form`), never left out; what cannot be typed is `JSON`.
@Suite struct StructuredParameterImportTests {
    /// Stripe's shapes: a union of an integer and a range as a deepObject query, a list, and a form body whose members are
    /// a map, a list of objects and a union, with `encoding` entries.
    static let orders = """
        openapi: 3.0.0
        info: { title: Orders, version: "1" }
        paths:
          /orders:
            get:
              operationId: listOrders
              parameters:
                - name: created
                  in: query
                  style: deepObject
                  explode: true
                  schema:
                    anyOf:
                      - { type: object, properties: { gt: { type: integer }, lt: { type: integer } } }
                      - { type: integer }
                - { name: expand, in: query, style: deepObject, schema: { type: array, items: { type: string } } }
                - { name: ids, in: query, style: form, explode: false, schema: { type: array, items: { type: integer } } }
                - name: filter
                  in: query
                  schema: { type: object, properties: { owner: { type: object, properties: { id: { type: string } } } } }
                - { name: X-Trace, in: header, schema: { type: object, properties: { id: { type: string } } } }
              responses: { '200': { description: OK } }
            post:
              operationId: createOrder
              requestBody:
                required: true
                content:
                  application/x-www-form-urlencoded:
                    encoding:
                      metadata: { style: deepObject, explode: true }
                      items: { style: deepObject, explode: true }
                      expand: { style: deepObject, explode: true }
                    schema:
                      type: object
                      required: [items]
                      properties:
                        metadata: { type: object, additionalProperties: { type: string } }
                        items:
                          type: array
                          items: { type: object, properties: { price: { type: string }, quantity: { type: integer } } }
                        expand: { type: array, items: { type: string } }
                        amount: { oneOf: [{ type: integer }, { type: object, properties: { gt: { type: integer } } }] }
                        shipping: { type: object, properties: { address: { type: object, properties: { city: { type: string } } } } }
              responses: { '200': { description: OK } }
        """

    @Test func structuredQueryParametersKeepTheirTypesAndStyles() throws {
        let fixture = try ImportFixture(Self.orders)
        let parameters = try #require(fixture.endpoint("listOrders")?.parameters)
        #expect(parameters.map { "\($0.wireName): \($0.type) \($0.style.map { "\($0)" } ?? "-")" } == [
            "created: ListOrdersCreated? deepObject",
            "expand[]: [String]? -",
            "ids: [Int]? form(explode: false)",
            "filter: ListOrdersFilter? form(explode: true)",
            "id: String? -",
        ])
        #expect(fixture.oneOf("ListOrdersCreated")?.alternatives.count == 2)
        // A header object of text members is one header per member, as before; nothing is left out.
        #expect(fixture.warnings.allSatisfy { $0.contains("names no server") })
        #expect(!fixture.warnings.contains { $0.contains("left out") })
    }

    @Test func structuredFormMembersKeepTheirTypesInBracketNotation() throws {
        let fixture = try ImportFixture(Self.orders)
        let parameters = try #require(fixture.endpoint("createOrder")?.parameters)
        #expect(parameters.map { "\($0.wireName): \($0.type) \($0.style.map { "\($0)" } ?? "-")" } == [
            "metadata: [String: String]? deepObject",
            "items: [CreateOrderItemsItem] deepObject",
            "expand: [String]? deepObject",
            "amount: CreateOrderAmount? deepObject",
            "shipping: CreateOrderShipping? deepObject",
        ])
        #expect(fixture.spec.endpoints.first { $0.name == "createOrder" }?.bodyEncoding == .form)
    }

    /// The imported spec writes the styles, loads back the same, and its client compiles without a warning.
    @Test func theStylesSurviveConvertAndTheClientCompiles() throws {
        let fixture = try ImportFixture(Self.orders)
        let reloaded = try roundTrip(fixture.spec)
        #expect(reloaded.spec.withoutLocations == fixture.spec.withoutLocations)
        try ClientCompiler.expectCleanCompile(fixture)
    }

    /// A member that cannot be typed precisely is `JSON` with a warning, not left out.
    @Test func anUntypableMemberIsJSONWithAWarning() throws {
        let fixture = try ImportFixture(document(paths: """
              /orders:
                get:
                  operationId: listOrders
                  parameters:
                    - name: q
                      in: query
                      required: true
                      schema: { oneOf: [{ type: object, additionalProperties: { type: string } }, { type: integer }] }
                  responses: { '200': { description: OK } }
            """))
        #expect(fixture.parameterSummary("listOrders") == ["q: JSON (query 'q')"])
        #expect(fixture.warnings.count == 1)
        #expect(fixture.warnings.allSatisfy { $0.hasSuffix("which EndpointGen cannot type precisely; it is typed JSON") })
    }
}
