import EndpointSpec
import Foundation
import Testing

@testable import EndpointGenCore

/// What makes an incremental build fast after a one-line edit of a spec: the edit changes only small files that hold
/// the edited endpoint's code, never the files that declare the types (the protocol, the client, the endpoints enum,
/// the fake), so the compiler rebuilds those few files and nothing that depends on the types' shape.
/// Compared in memory, before and after the edit, with every file written (the build tool plugin's layout).
@Suite struct EditLocalityTests {
    /// The resources of `shopSpec`; each has five endpoints, e.g. `listWidgets`, `getWidget`, `createWidget`.
    static let resources = [
        "Widget", "Gadget", "Order", "Invoice", "Customer", "Payment", "Refund", "Coupon", "Review", "Cart",
        "Address", "Shipment", "Return", "Vendor", "Product", "Category", "Tag", "Webhook", "Report", "Session",
    ]

    /// The names of `shopSpec`'s 100 endpoints, in spec order.
    static let endpointNames = resources.flatMap { ["list\($0)s", "get\($0)", "create\($0)", "update\($0)", "delete\($0)"] }

    /// A spec named Shop with 100 endpoints, five per resource, named the way APIs name them (most start with one of
    /// five verbs); `widgetPath` is `getWidget`'s path.
    static func shopSpec(widgetPath: String = "/widgets/{id}") -> String {
        var text = "name: Shop\nserver: { host: shop.example.com }\nendpoints:\n"
        for resource in resources {
            let plural = "/\(resource.lowercased())s"
            let path = resource == "Widget" ? widgetPath : "\(plural)/{id}"
            text += """
                  list\(resource)s:
                    GET: \(plural)
                    params: { page: { type: Int, default: 1 }, search: String? }
                    response: "[\(resource)]"
                  get\(resource):
                    GET: \(path)
                    params: { id: Int }
                    response: \(resource)
                    description: Fetches one \(resource.lowercased()).
                  create\(resource):
                    POST: \(plural)
                    params: { name: String }
                    response: \(resource)
                  update\(resource):
                    PATCH: \(plural)/{id}
                    params: { id: Int, name: String? }
                    response: \(resource)
                  delete\(resource):
                    DELETE: \(plural)/{id}
                    params: { id: Int }
                    response: Empty

                """
        }
        text += "models:\n"
        for resource in resources { text += "  \(resource):\n    id: Int\n    name: String\n" }
        return text
    }

    /// Every file the generator writes for `spec`, by path; `split: .always` writes every part file.
    static func generate(_ spec: String, split: FileSplit = .always) throws -> [String: String] {
        let loaded = try SpecLoader.load(text: spec, path: "Shop.endpoints.yaml") { _ in throw CocoaError(.fileNoSuchFile) }
        let files = try Generator(options: GeneratorOptions(split: split)).generate(loaded.spec, specPath: "Shop.endpoints.yaml").files
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    }

    /// The paths whose contents differ between two generations (or that only one has).
    static func changes(_ before: [String: String], _ after: [String: String]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    /// The three part files an endpoint's code goes to.
    static func partFiles(of endpoint: String) -> [String] {
        let part = FileSplit.partSuffixes[FileSplit.partIndex(of: endpoint)]
        return ["Client", "Endpoints", "Fake"].map { "Shop/Shop\($0)+\(part).swift" }
    }

    /// The types a file declares at its top level (`public struct FakeShopClient`, `public protocol ...`).
    static func declaredTypes(_ text: String) -> [String] {
        text.split(separator: "\n").filter { line in
            ["struct ", "enum ", "protocol ", "final class ", "class ", "actor "].contains { line.hasPrefix("public " + $0) }
        }.map(String.init)
    }

    /// The endpoints whose code (a method, a request builder, a fake's method) a file holds; a protocol requirement
    /// (`func getWidget(` without `public`) is not code.
    static func endpoints(in text: String) -> [String] {
        // The fake implements only the `…WithResponse` requirement; the client and the builders name the endpoint itself.
        endpointNames.filter {
            text.contains("public func \($0)(") || text.contains("public func \($0)WithResponse(") || text.contains("public static func \($0)(")
        }
    }

    @Test func aOneLinePathEditChangesOnlyFilesThatHoldThatEndpoint() throws {
        let before = try Self.generate(Self.shopSpec())
        let after = try Self.generate(Self.shopSpec(widgetPath: "/widgets/{id}/details"))
        #expect(before.keys.sorted() == after.keys.sorted())
        let changed = Self.changes(before, after)
        #expect(!changed.isEmpty)
        for path in changed {
            let text = try #require(after[path])
            #expect(Self.declaredTypes(text).isEmpty, "\(path) changes, and it declares \(Self.declaredTypes(text))")
            let held = Self.endpoints(in: text)
            #expect(held.contains("getWidget"), "\(path) changes without holding getWidget")
            // A sixteenth of the endpoints on average; twice that leaves room for an unlucky part.
            #expect(held.count <= Self.endpointNames.count / 8, "\(path) changes, and it holds \(held.count) endpoints")
        }
    }

    @Test func aPathEditChangesExactlyTheClientAndRequestBuilderPartFilesOfItsEndpoint() throws {
        let changed = Self.changes(try Self.generate(Self.shopSpec()), try Self.generate(Self.shopSpec(widgetPath: "/widgets/{id}/details")))
        // The path is in the request builder and in the doc comment of the client's method, not in the protocol's or the fake's.
        #expect(changed == Array(Self.partFiles(of: "getWidget").prefix(2)))
    }

    @Test func aDescriptionEditChangesTheProtocolsDocCommentAndTheThreePartFiles() throws {
        let edited = Self.shopSpec().replacingOccurrences(of: "Fetches one widget.", with: "Fetches one widget by its id.")
        let changed = Self.changes(try Self.generate(Self.shopSpec()), try Self.generate(edited))
        #expect(changed == (["Shop/ShopClient.swift"] + Self.partFiles(of: "getWidget")).sorted())
    }

    @Test func aFixedQueryItemChangesOnlyTheRequestBuildersPartFile() throws {
        let edited = Self.shopSpec(widgetPath: "/widgets/{id}\n    query: { expand: all }")
        let changed = Self.changes(try Self.generate(Self.shopSpec()), try Self.generate(edited))
        #expect(changed == [Self.partFiles(of: "getWidget")[1]])
    }

    @Test func addingAnEndpointChangesTheDeclarationsAndItsOwnPartFilesOnly() throws {
        let before = try Self.generate(Self.shopSpec())
        let spec = Self.shopSpec().replacingOccurrences(of: "endpoints:\n", with: "endpoints:\n  archiveWidget: { POST: \"/widgets/{id}/archive\", params: { id: Int } }\n")
        let changed = Self.changes(before, try Self.generate(spec))
        // The protocol gains a requirement and the fake a handler; no other endpoint moves.
        #expect(changed == (["Shop/ShopClient.swift", "Shop/ShopFake.swift"] + Self.partFiles(of: "archiveWidget")).sorted())
    }

    @Test func automaticSplitsPastTheThresholdAndPutsEveryEndpointInItsPartOnce() throws {
        let files = try Self.generate(Self.shopSpec(), split: .automatic)
        for template in ["Client", "Endpoints", "Fake"] {
            let parts = files.keys.filter { $0.hasPrefix("Shop/Shop\(template)+") }.sorted()
            // Only the parts that hold an endpoint: each of the 16 does here.
            #expect(parts.count == FileSplit.partSuffixes.count)
            var held: [String] = []
            for path in parts {
                let endpoints = Self.endpoints(in: try #require(files[path]))
                let part = String(path.dropFirst("Shop/Shop\(template)+".count).prefix(2))
                #expect(endpoints.allSatisfy { FileSplit.partSuffixes[FileSplit.partIndex(of: $0)] == part }, "\(path): \(endpoints)")
                held += endpoints
            }
            #expect(held.sorted() == Self.endpointNames.sorted(), "\(template): every endpoint once")
            let base = try #require(files["Shop/Shop\(template).swift"])
            // The base file declares the types (and the protocol's defaults) but sends, builds and fakes no request.
            #expect(!["client.send(", "Request(", "_handler("].contains { base.contains($0) }, "Shop\(template).swift")
            #expect(Self.declaredTypes(base).count == (template == "Client" ? 2 : 1))
        }
    }

    @Test func upToTheThresholdTheEndpointCodeStaysWithTheDeclarations() throws {
        var spec = "name: Shop\nserver: { host: shop.example.com }\nendpoints:\n"
        for index in 0..<FileSplit.endpointThreshold { spec += "  ping\(index): { GET: /ping/\(index) }\n" }
        let files = try Self.generate(spec, split: .automatic)
        #expect(files.keys.sorted() == ["Shop/ShopClient.swift", "Shop/ShopEndpoints.swift", "Shop/ShopFake.swift", "Shop/ShopModels.swift"])
        #expect(try #require(files["Shop/ShopEndpoints.swift"]).contains("public static func ping31() -> Request<Empty>"))
    }

    /// The part of a name is fixed: changing the hash would move every endpoint of every client to another file.
    @Test(arguments: [("getWidget", 15), ("listWidgets", 14), ("ping", 9), ("a", 12), ("", 5)])
    func aNameAlwaysGoesToTheSamePart(name: String, part: Int) {
        #expect(FileSplit.partIndex(of: name) == part)
    }
}
