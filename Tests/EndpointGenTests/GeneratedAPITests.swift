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
        let status = try #require(models.components(separatedBy: "public struct Status: OpenStringValue {").dropFirst().first?
            .components(separatedBy: "\n}\n").first)
        #expect(!status.contains("init(from decoder") && !status.contains("func encode(to") && !status.contains("var description"))
    }

    /// Every default the loader takes is written into the code: a `Date` in ISO 8601 as its instant, `Data` from
    /// base64, a `UUID`, a `URL` (before, a `Date` or `Data` default was taken and then silently left out).
    @Test func aDefaultOfEveryScalarTypeIsWrittenNotLeftOut() throws {
        let models = try Self.libraryModels(loan: """
                due: { type: Date, default: "2024-05-01T12:00:00Z" }
                returned: { type: Date, default: "2024-05-01T14:00:00.25+02:00" }
                card: { type: Data, default: aGk= }
                id: { type: UUID, default: 6F9619FF-8B86-D011-B42D-00C04FC964FF }
                link: { type: URL, default: "https://library.example.com/loans" }
            """)
        #expect(models.contents.contains("""
            public init(due: Date = Date(timeIntervalSince1970: 1714564800.0), returned: Date = Date(timeIntervalSince1970: 1714564800.25), \
            card: Data = Data(base64Encoded: "aGk=")!, id: UUID = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!, \
            link: URL = URL(string: "https://library.example.com/loans")!)
            """), "\(models.contents)")
        #expect(models.contents.contains(#"self.returned = try fields.decodeIfPresent("returned") ?? Date(timeIntervalSince1970: 1714564800.25)"#))
    }

    /// A `Date` default in the other forms the client reads (a blank for the `T`, no zone, read as UTC) is written
    /// with its fraction of a second.
    @Test func aDateDefaultWithoutAZoneKeepsItsFraction() throws {
        let models = try Self.libraryModels(loan: """
                seen: { type: Date, default: "2024-05-01 12:00:00.25" }
                read: { type: Date, default: "2024-05-01T12:00:00.5" }
            """)
        #expect(models.contents.contains(
            "public init(seen: Date = Date(timeIntervalSince1970: 1714564800.25), read: Date = Date(timeIntervalSince1970: 1714564800.5))"),
            "\(models.contents)")
    }

    /// The generated Models.swift of a one-endpoint spec whose model `Loan` has the properties `loan` (YAML lines,
    /// indented under the model).
    static func libraryModels(loan: String) throws -> GeneratedFile {
        let text = """
            name: Library
            server: { host: library.example.com }
            endpoints:
              loans: { GET: /loans, response: "[Loan]" }
            models:
              Loan:
            \(loan)
            """
        let loaded = try SpecLoader.load(text: text, path: "Library.yaml") { _ in throw CocoaError(.fileNoSuchFile) }
        return try #require(try Generator().generate(loaded.spec, specPath: "Library.yaml").files.first { $0.path.hasSuffix("Models.swift") })
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
                public func booksWithResponse(search: String? = nil, page: Int = 1, _: OmittedArguments = OmittedArguments()) async throws(EndpointError) -> Response<Shelf> {
                    try await booksWithResponse(search: search, page: page)
                }
            """))
        #expect(client.components(separatedBy: "public func returnBookWithResponse(id: Int)").count - 1 == 1,
                "no forwarding variant in the extension for an endpoint without defaults, only the client's")
        #expect(client.contains("            variables: [\"branch\": \"main\"],\n"))
    }

    /// A deprecated endpoint is deprecated where an app calls it: the request builder and the client's two methods;
    /// the other endpoint is not.
    @Test func aDeprecatedEndpointIsDeprecatedInEveryDeclarationAnAppCalls() throws {
        let spec = """
            name: Shelf
            server: { host: example.com }
            endpoints:
              oldBooks: { GET: /old-books, deprecated: true, response: Empty }
              books: { GET: /books, response: Empty }
            """
        let loaded = try SpecLoader.load(text: spec, path: "Shelf.yaml") { _ in throw CocoaError(.fileNoSuchFile) }
        let code = try Generator().generate(loaded.spec, specPath: "Shelf.yaml").files.map(\.contents).joined()
        let attribute = "@available(*, deprecated, message: \"oldBooks is deprecated in the API spec\")"
        #expect(code.contains("\(attribute)\n    public static func oldBooks() -> Request<Empty>"), "the request builder")
        #expect(code.contains("\(attribute)\n    public func oldBooksWithResponse() async throws(EndpointError) -> Response<Empty>"), "the client's variant")
        #expect(code.contains("\(attribute)\n    @discardableResult\n    public func oldBooks() async throws(EndpointError) -> Empty"), "the client's method")
        #expect(!code.contains("\(attribute)\n    public static func books()"))
    }

    /// The access level is every top-level declaration's: `public` by default, `package` when asked, never left out
    /// (a type without it would be internal and unusable from the app's other modules).
    @Test(arguments: [GeneratorOptions.Access.public, .package])
    func everyTopLevelDeclarationHasTheAccessLevel(access: GeneratorOptions.Access) throws {
        let loaded = try SpecLoader.load(text: Self.spec, path: "Library.yaml") { _ in throw CocoaError(.fileNoSuchFile) }
        let files = try Generator(options: GeneratorOptions(access: access)).generate(loaded.spec, specPath: "Library.yaml").files
        let prefix = access.rawValue + " "
        let keywords = ["struct ", "enum ", "protocol ", "final class ", "class ", "typealias ", "func ", "let ", "var "]
        let others = GeneratorOptions.Access.allCases.filter { $0 != access }.map { $0.rawValue + " " }
        for file in files {
            let lines = file.contents.split(separator: "\n")
            #expect(lines.filter { line in keywords.contains(where: line.hasPrefix) } == [], "\(file.path): declarations without an access level")
            #expect(lines.filter { line in others.contains(where: line.hasPrefix) } == [], "\(file.path): declarations of another access level")
        }
        let code = files.map(\.contents).joined()
        for name in ["struct LibraryClient", "protocol LibraryClientProtocol", "enum LibraryEndpoints", "struct Shelf", "struct Status"] {
            #expect(code.contains("\n" + prefix + name), "\(prefix)\(name)")
        }
        #expect(code.contains("    \(prefix)static func books("), "the request builder")
        #expect(code.contains("    \(prefix)func books("), "the client's method")
    }
}
