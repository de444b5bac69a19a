import EndpointGenCore
import EndpointSpec
import Foundation
import Testing

/// What the generated API says and allows, read from the generator's output for a small spec: doc comments from
/// the spec's descriptions in the client, the protocol and the fake; `@discardableResult` where the answer is `Empty`;
/// the client's defaults given to the protocol; a variable's default in the configuration.
@Suite struct GeneratedAPITests {
    static let spec = """
        name: Library
        server: { host: example.com }
        variables:
          branch: { default: main, description: Which branch lends the books. }
        defaults:
          query: { branch: "{branch}" }
        endpoints:
          books:
            GET: /books
            description: Lists the books on the shelf.
            params:
              search: { type: String?, description: Words to look for. }
              page: { type: Int, default: 1, description: "The page, from 1.\\nPages hold 20 books." }
            response: Shelf
          returnBook:
            DELETE: "/loans/{id}"
            params: { id: { type: Int, description: The loan to end. } }
            response: Empty
        models:
          Shelf:
            description: One page of books.
            properties: { titles: "[String]", status: Status }
          Status:
            enum: { open: Ready to lend., closed: Nothing goes out today. }
        """

    /// The generated files of `spec`, by their name after the folder (`Client.swift`, ...).
    static func files() throws -> [String: String] {
        let loaded = try SpecLoader.load(text: spec, path: "Library.yaml") { _ in throw CocoaError(.fileNoSuchFile) }
        let files = try Generator().generate(loaded.spec, specPath: "Library.yaml").files
        return Dictionary(uniqueKeysWithValues: files.map { (String($0.path.dropFirst("Library/Library".count)), $0.contents) })
    }

    @Test func parameterAndModelDescriptionsBecomeDocCommentsInClientProtocolAndFake() throws {
        let files = try Self.files()
        let client = try #require(files["Client.swift"])
        let fake = try #require(files["Fake.swift"])
        let callouts = """
                /// - Parameters:
                ///   - search: Words to look for.
                ///   - page: The page, from 1.
                ///     Pages hold 20 books.
                /// - Returns: One page of books.
            """
        // The `…WithResponse` variant's requirement and the client's method; in the protocol's extension the plain call
        // and the variant with the defaults; the completion variants' don't exist here.
        #expect(client.components(separatedBy: callouts).count - 1 == 4, "the requirement, the extension's two methods, the client's")
        #expect(fake.contains(callouts))
        #expect(client.contains("    /// - Parameter id: The loan to end.\n"))
        let models = try #require(files["Models.swift"])
        #expect(models.contains("    /// Ready to lend.\n    public static var `open`: Self { Self(rawValue: \"open\") }"))
        #expect(models.contains("    /// Nothing goes out today.\n    public static var closed: Self { Self(rawValue: \"closed\") }"))
        // An enum holds only its values: coding, equality, hashing and `description` come from `OpenStringValue`.
        #expect(models.contains("public struct Status: OpenStringValue {"))
        #expect(!models.contains("init(from decoder") && !models.contains("func encode(to") && !models.contains("var description"))
    }

    @Test func anEmptyAnswerMayBeIgnoredEverywhere() throws {
        let files = try Self.files()
        let client = try #require(files["Client.swift"])
        let fake = try #require(files["Fake.swift"])
        // The plain method is the protocol extension's (for the client and the fake alike), not a requirement.
        #expect(!client.contains("    func returnBook(id: Int)"))
        #expect(client.components(separatedBy: "    @discardableResult\n    public func returnBook(id: Int)").count - 1 == 1)
        #expect(!fake.contains("func returnBook(id: Int)"))
        #expect(!client.contains("@discardableResult\n    public func books("))
    }

    @Test func theProtocolGetsTheClientsDefaultsAndTheConfigurationTheVariablesDefault() throws {
        let client = try #require(try Self.files()["Client.swift"])
        #expect(client.contains("""
            extension LibraryClientProtocol {
            """))
        #expect(client.contains("""
                public func books(search: String? = nil, page: Int = 1) async throws(EndpointError) -> Shelf {
                    try await booksWithResponse(search: search, page: page).body
                }
            """))
        #expect(client.contains("""
                public func booksWithResponse(search: String? = nil, page: Int = 1) async throws(EndpointError) -> Response<Shelf> {
                    try await booksWithResponse(search: search, page: page)
                }
            """))
        #expect(client.components(separatedBy: "public func returnBookWithResponse(id: Int)").count - 1 == 1,
                "no forwarding variant in the extension for an endpoint without defaults, only the client's")
        #expect(client.contains("            variables: [\"branch\": \"main\"],\n"))
    }
}
