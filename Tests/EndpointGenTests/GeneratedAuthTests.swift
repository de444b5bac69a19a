import EndpointGenCore
import EndpointSpec
import Foundation
import Testing

/// What the generated client says for each form of `auth`: the single form keeps `tokens` and `tokenProvider:` (a
/// `BasicCredentialStore` for basic auth), the named form has a store per scheme, `credentials:`, and each endpoint's
/// schemes in its request.
@Suite struct GeneratedAuthTests {
    /// The generated files of a spec with `auth` and `endpoints` as given, by their name after the folder.
    private static func files(auth: String, endpoints: String) throws -> [String: String] {
        let spec = "name: Library\nserver: { host: example.com }\nauth: \(auth)\nendpoints:\n\(endpoints)\n"
        let loaded = try SpecLoader.load(text: spec, path: "Library.yaml") { _ in throw CocoaError(.fileNoSuchFile) }
        let files = try Generator().generate(loaded.spec, specPath: "Library.yaml").files
        return Dictionary(uniqueKeysWithValues: files.map { (String($0.path.dropFirst("Library/Library".count)), $0.contents) })
    }

    @Test func singleBasicAuthGivesABasicCredentialStore() throws {
        let client = try #require(try Self.files(auth: "{ basic: true }", endpoints: "  books: { GET: /books }")["Client.swift"])
        #expect(client.contains("    public static let tokens = BasicCredentialStore()\n"))
        #expect(client.contains("            auth: .basic,\n"))
        #expect(client.contains("tokenProvider: (any TokenProvider)? = nil,"))
    }

    @Test func aCookieKeyIsTheCookieScheme() throws {
        let client = try #require(try Self.files(auth: "{ cookie: sid }", endpoints: "  books: { GET: /books }")["Client.swift"])
        #expect(client.contains("    public static let tokens = TokenStore()\n"))
        #expect(client.contains("            auth: .cookie(name: \"sid\"),\n"))
    }

    @Test func namedSchemesGiveAStorePerSchemeAndCredentials() throws {
        let files = try Self.files(
            auth: "{ schemes: { user: { scheme: Bearer }, admin: { header: X-Admin-Key }, login: { basic: true } }, default: user }",
            endpoints: "  books: { GET: /books }\n  purge: { DELETE: /books, auth: admin }\n  find: { GET: /find, auth: [user, admin] }")
        let client = try #require(files["Client.swift"])
        #expect(client.contains("    public static let userCredentials = TokenStore()\n"))
        #expect(client.contains("    public static let adminCredentials = TokenStore()\n"))
        #expect(client.contains("    public static let loginCredentials = BasicCredentialStore()\n"))
        #expect(!client.contains("static let tokens"))
        #expect(client.contains(
            #"credentials: ["user": userCredentials, "admin": adminCredentials, "login": loginCredentials]), make:"#))
        #expect(client.contains(
            #"            authSchemes: ["user": .header(name: "Authorization", prefix: "Bearer"), "admin": .header(name: "X-Admin-Key", prefix: nil), "login": .basic],"#))
        #expect(client.contains("            defaultAuthSchemes: [\"user\"],\n"))
        #expect(client.contains("        credentials: [String: any TokenProvider] = [:],\n"))
        #expect(!client.contains("tokenProvider: (any TokenProvider)?"))
        let endpoints = try #require(files["Endpoints.swift"])
        #expect(endpoints.contains("            auth: .required,\n            authSchemes: [\"user\"],\n"))
        #expect(endpoints.contains("            auth: .required,\n            authSchemes: [\"admin\"],\n"))
        #expect(endpoints.contains("            auth: .required,\n            authSchemes: [\"user\", \"admin\"],\n"))
        let fake = try #require(files["Fake.swift"])
        #expect(!fake.contains("authSchemes") && !fake.contains("Credentials"))
    }
}
