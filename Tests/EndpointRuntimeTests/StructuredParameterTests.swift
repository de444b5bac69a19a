import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Structured values (models, unions, `JSON`, arrays, dictionaries) in a query string and a form body, in each
/// `ParameterStyle`, as the transport receives them.
@Suite(.timeLimit(.minutes(2))) struct StructuredParameterTests {
    struct Range: Encodable, Sendable { var gt: Int?; var lt: Int? }
    struct Line: Encodable, Sendable { var price: String; var quantity: Int }
    struct Order: Encodable, Sendable { var lines: [Line]; var tags: [String]; var shipping: Shipping }
    struct Shipping: Encodable, Sendable { var name: String; var express: Bool }
    /// Encodes as a bare scalar or as an object, as a generated union does.
    enum AmountOrRange: Encodable, Sendable {
        case amount(Int), range(Range)
        func encode(to encoder: any Encoder) throws {
            switch self {
            case .amount(let amount): try amount.encode(to: encoder)
            case .range(let range): try range.encode(to: encoder)
            }
        }
    }
    struct Broken: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws { throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "broken")) }
    }

    let server = ServerAddress(scheme: "https", host: "api.example.com")

    /// The query string or form body the transport receives for `request`, decoded back into readable text.
    private func sent(_ request: Request<Empty>) async throws -> String {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let client = EndpointClient(configuration: ClientConfiguration(server: server, retry: .none), transport: stub)
        _ = try await client.send(request)
        let sent = try #require(stub.requests.first)
        let raw = sent.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? sent.url?.query ?? ""
        return raw.removingPercentEncoding ?? raw
    }

    private func query(_ items: QueryItem...) async throws -> String {
        try await sent(Request<Empty>(method: .get, path: "/q", query: items))
    }

    @Test func deepObjectWritesMembersAndListsInBrackets() async throws {
        #expect(try await query(QueryItem("created", Range(gt: 1, lt: 2), style: .deepObject)) == "created[gt]=1&created[lt]=2")
        #expect(try await query(QueryItem("expand", ["a", "b.c"], style: .deepObject)) == "expand[]=a&expand[]=b.c")
        let order = Order(lines: [Line(price: "p_1", quantity: 2)], tags: ["x"], shipping: Shipping(name: "Ann", express: true))
        #expect(try await query(QueryItem("order", order, style: .deepObject))
            == "order[lines][0][price]=p_1&order[lines][0][quantity]=2&order[shipping][express]=true&order[shipping][name]=Ann&order[tags][]=x")
    }

    @Test func nilMembersOptionalsAndEmptyCollectionsSendNothing() async throws {
        let none: Range? = nil
        #expect(try await query(QueryItem("created", Range(gt: nil, lt: 3), style: .deepObject), QueryItem("r", none, style: .deepObject)) == "created[lt]=3")
        #expect(try await query(QueryItem("e", [String](), style: .deepObject), QueryItem("m", [String: String](), style: .deepObject)) == "")
    }

    @Test func unionsDictionariesAndJSONKeepTheirShape() async throws {
        #expect(try await query(QueryItem("amount", AmountOrRange.amount(5), style: .deepObject)) == "amount=5")
        #expect(try await query(QueryItem("amount", AmountOrRange.range(Range(gt: 5)), style: .deepObject)) == "amount[gt]=5")
        // A dictionary's members by name, whatever order the dictionary holds them in.
        #expect(try await query(QueryItem("metadata", ["b": "2", "a": "1", "c": "3"], style: .deepObject)) == "metadata[a]=1&metadata[b]=2&metadata[c]=3")
        let json: JSONValue = ["filter": ["age": 1.5, "ok": false, "none": .null]]
        #expect(try await query(QueryItem("q", json, style: .deepObject)) == "q[filter][age]=1.5&q[filter][ok]=false")
    }

    @Test func formStyleExplodesOrJoins() async throws {
        #expect(try await query(QueryItem("page", Range(gt: 1, lt: 9), style: .form(explode: true))) == "gt=1&lt=9")
        #expect(try await query(QueryItem("id", [3, 4], style: .form(explode: true))) == "id=3&id=4")
        #expect(try await query(QueryItem("id", [3, 4], style: .form(explode: false))) == "id=3,4")
        #expect(try await query(QueryItem("page", Range(gt: 1, lt: 9), style: .form(explode: false))) == "page=gt,1,lt,9")
        #expect(try await query(QueryItem("id", [3, 4], style: .spaceDelimited), QueryItem("t", ["a", "b"], style: .pipeDelimited)) == "id=3 4&t=a|b")
        // Below the first level an exploded form goes on in brackets.
        #expect(try await query(QueryItem("o", Shipping(name: "A", express: false), style: .form(explode: true))) == "express=false&name=A")
    }

    @Test func aNestedFormBodyIsWrittenInBracketNotationAndEncodedOnce() async throws {
        let body = RequestBody.form([
            FormField("items", [Line(price: "p 1&2", quantity: 1), Line(price: "p_2", quantity: 3)], style: .deepObject),
            FormField("metadata", ["k": "a=b"], style: .deepObject), FormField("note", "plain"),
        ])
        let stub = StubTransport(handler: { _ in .json("{}") })
        let client = EndpointClient(configuration: ClientConfiguration(server: server, retry: .none), transport: stub)
        _ = try await client.send(Request<Empty>(method: .post, path: "/orders", body: body))
        let sent = try #require(stub.requests.first)
        #expect(String(decoding: sent.httpBody ?? Data(), as: UTF8.self)
            == "items%5B0%5D%5Bprice%5D=p%201%262&items%5B0%5D%5Bquantity%5D=1&items%5B1%5D%5Bprice%5D=p_2&items%5B1%5D%5Bquantity%5D=3"
                + "&metadata%5Bk%5D=a%3Db&note=plain")
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test func aValueThatDoesNotEncodeFailsTheRequestBeforeSending() async throws {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let client = EndpointClient(configuration: ClientConfiguration(server: server, retry: .none), transport: stub)
        await #expect(throws: EndpointError.self) {
            try await client.send(Request<Empty>(method: .get, path: "/q", query: [QueryItem("b", Broken(), style: .deepObject)]))
        }
        await #expect(throws: EndpointError.self) {
            try await client.send(Request<Empty>(method: .post, path: "/q", body: .form([FormField("b", Broken(), style: .deepObject)])))
        }
        #expect(stub.requests.isEmpty)
    }
}
