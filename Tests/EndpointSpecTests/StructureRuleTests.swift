import Diagnostics
import EndpointSpec
import Testing

/// Keys, kinds, the server and includes: each rule's whole message and location.
@Suite struct StructureRuleTests {
    @Test func unknownKeySuggestsTheClosestKnownOne() {
        let text = "name: T\nserver:\n  hots: example.com\n  host: example.com\nendpoints: {}\n"
        #expect(SpecTesting.problems(text) == ["Specs/Test.yaml:3:3: error: unknown key 'hots' in 'server'; did you mean 'host'?"])
    }

    @Test func unknownKeyWithoutACloseOneListsTheKnownKeys() {
        let text = "name: T\nserver: { host: example.com, flavour: x }\nendpoints: {}\n"
        #expect(SpecTesting.problems(text) == ["Specs/Test.yaml:2:30: error: unknown key 'flavour' in 'server'; expected one of: scheme, host, port, basePath"])
    }

    @Test func missingRequiredKeysAreEachReported() {
        #expect(SpecTesting.problems("name: T\nserver:\n  port: 80\n") == [
            "Specs/Test.yaml:1:1: error: missing required key 'endpoints' in the spec",
            "Specs/Test.yaml:3:3: error: missing required key 'host' in 'server'",
        ])
    }

    @Test func aSectionOfTheWrongKindIsReported() {
        #expect(SpecTesting.problems("name: T\nserver: [example.com]\nendpoints: {}\n") == [
            "Specs/Test.yaml:2:9: error: expected a mapping for 'server', found a sequence",
        ])
    }

    @Test func allProblemsComeAtOnceSortedByLocation() {
        let text = SpecTesting.spec(endpoints: "  b: { GET: b }\n  a: { FETCH: /a }\n", extra: "policy: { timeout: soon }\n")
        #expect(SpecTesting.problems(text) == [
            "Specs/Test.yaml:5:13: error: endpoint 'b' path 'b' must start with '/'",
            "Specs/Test.yaml:6:8: error: unknown HTTP method 'FETCH' in endpoint 'a'; expected one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS",
            "Specs/Test.yaml:7:20: error: timeout 'soon' is not a duration; write a positive number and a unit (ms, s, min, h), e.g. 10s",
        ])
    }

    @Test func errorsCarryTheSourceLineAndACaret() {
        do {
            _ = try SpecTesting.load(SpecTesting.spec(endpoints: "  user: { GET: \"/users/{id}\" }\n"))
            Issue.record("expected an error")
        } catch {
            #expect(error.description == """
                Specs/Test.yaml:5:24: error: endpoint 'user' path uses '{id}' but declares no parameter 'id'
                  user: { GET: "/users/{id}" }
                                       ^~~~
                """)
        }
    }

    @Test func aDuplicateKeyIsReadPastSoThatTheRestIsChecked() {
        let text = SpecTesting.spec(endpoints: "  a: { GET: a }\n", extra: "name: U\n")
        #expect(SpecTesting.problems(text) == [
            "Specs/Test.yaml:5:13: error: endpoint 'a' path 'a' must start with '/'",
            "Specs/Test.yaml:6:1: error: duplicate key 'name'",
        ])
    }

    @Test func duplicateEndpointNamesAreRefusedAsDuplicateKeys() {
        let text = SpecTesting.spec(endpoints: "  ping: { GET: /a }\n  ping: { GET: /b }\n")
        #expect(SpecTesting.problems(text) == ["Specs/Test.yaml:6:3: error: duplicate key 'ping'"])
    }

    @Test(arguments: [("0", "'0'"), ("65536", "'65536'"), ("http", "'http'")])
    func portOutOfRangeIsRefused(_ port: String, _ written: String) {
        let text = "name: T\nserver: { host: example.com, port: \(port) }\nendpoints: {}\n"
        #expect(SpecTesting.problems(text) == ["Specs/Test.yaml:2:36: error: 'port' must be an integer in 1...65535, not \(written)"])
    }

    @Test func hostWithASchemeIsRefusedWithAHint() {
        let text = "name: T\nserver: { host: \"https://example.com\" }\nendpoints: {}\n"
        #expect(SpecTesting.problems(text) == [
            "Specs/Test.yaml:2:17: error: bad host 'https://example.com': give the host name alone; 'scheme', 'port' and 'basePath' are keys of their own",
        ])
    }

    @Test(arguments: ["exa mple.com", "-example.com", "example..com", "exa_mple.com"])
    func malformedHostIsRefused(_ host: String) {
        let text = "name: T\nserver: { host: \(host) }\nendpoints: {}\n"
        #expect(SpecTesting.problems(text) == [
            "Specs/Test.yaml:2:17: error: bad host '\(host)': a host is a DNS name (letters, digits, '-' and '.'), an IPv4 address or a bracketed IPv6 address",
        ])
    }

    @Test(arguments: ["localhost", "10.0.0.1", "[::1]", "api-2.example.com"])
    func wellFormedHostsLoad(_ host: String) throws {
        let spec = try SpecTesting.load("name: T\nserver: { host: \"\(host)\" }\nendpoints: {}\n").spec
        #expect(spec.server.host == host)
    }

    @Test func theHostAndBasePathMayNameDeclaredVariablesWhichCountAsUsed() throws {
        let text = "name: T\nserver: { host: \"{region}.example.com\", basePath: \"/{release}/api/\" }\nvariables: [region, release]\nendpoints: {}\n"
        let loaded = try SpecTesting.load(text)
        #expect(loaded.spec.server.host == "{region}.example.com")
        #expect(loaded.spec.server.basePath == "/{release}/api")
        #expect(loaded.spec.server.variableNames == ["region", "release"])
        #expect(loaded.warnings.isEmpty)
    }

    @Test func aServerPlaceholderNamingNoVariableIsRefusedWithASuggestion() {
        let text = "name: T\nserver: { host: \"{regin}.example.com\", basePath: \"/{v}\" }\nvariables: [region]\nendpoints: {}\n"
        #expect(SpecTesting.problems(text) == [
            "Specs/Test.yaml:2:18: error: the server's host uses '{regin}' but the spec declares no variable 'regin'; did you mean 'region'?",
            "Specs/Test.yaml:2:52: error: the server's basePath uses '{v}' but the spec declares no variable 'v'",
        ])
    }

    @Test func aHostWithAPlaceholderIsStillAHost() {
        let text = "name: T\nserver: { host: \"{region}_x.example.com\" }\nvariables: [region]\nendpoints: {}\n"
        #expect(SpecTesting.problems(text) == [
            "Specs/Test.yaml:2:17: error: bad host '{region}_x.example.com': a host is a DNS name (letters, digits, '-' and '.'), an IPv4 address or a bracketed IPv6 address",
        ])
    }

    @Test func unknownSchemeSuggestsOne() {
        let text = "name: T\nserver: { host: example.com, scheme: htps }\nendpoints: {}\n"
        #expect(SpecTesting.problems(text) == ["Specs/Test.yaml:2:38: error: unknown scheme 'htps'; did you mean 'https'?"])
    }

    @Test func basePathNeedsALeadingSlash() {
        let text = "name: T\nserver: { host: example.com, basePath: api }\nendpoints: {}\n"
        #expect(SpecTesting.problems(text) == ["Specs/Test.yaml:2:40: error: basePath 'api' must start with '/'"])
    }

    @Test func missingIncludeIsReportedAtTheInclude() {
        let text = "include: Missing.yaml\nname: T\nserver: { host: example.com }\nendpoints: {}\n"
        #expect(SpecTesting.problems(text) == [
            "Specs/Test.yaml:1:10: error: cannot read include 'Missing.yaml' at 'Specs/Missing.yaml': no such file",
        ])
    }

    /// The note names the existing file closest to the missing one, folder by folder, at that file.
    @Test func aMissingIncludeSuggestsTheClosestExistingFile() {
        let folders = ["Specs": ["Main.yaml", "Shared", "Other"], "Specs/Shared": ["Common.yaml", "Money.yaml"]]
        let load = { (include: String) -> String in
            do throws(DiagnosticError) {
                _ = try SpecLoader.load(
                    text: "include: \(include)\nname: T\nserver: { host: example.com }\nendpoints: {}\n", path: "Specs/Main.yaml",
                    readInclude: { _ in throw SpecTesting.MissingFile() }, listFolder: { folders[$0] })
                return "loaded"
            } catch {
                return error.description
            }
        }
        #expect(load("Shard/Comon.yaml") == """
            Specs/Main.yaml:1:10: error: cannot read include 'Shard/Comon.yaml' at 'Specs/Shard/Comon.yaml': no such file
            include: Shard/Comon.yaml
                     ^~~~~~~~~~~~~~~~
            Specs/Shared/Common.yaml:1:1: note: did you mean 'Shared/Common.yaml'?
            """)
        #expect(load("Shared/Mony.yaml").hasSuffix("\nSpecs/Shared/Money.yaml:1:1: note: did you mean 'Shared/Money.yaml'?"))
        // Nothing close: no note.
        #expect(!load("Shared/Invoices.yaml").contains("note:"))
    }

    @Test func includeCycleIsReportedWithItsChain() {
        let text = "include: A.yaml\nname: T\nserver: { host: example.com }\nendpoints: {}\n"
        let includes = ["Specs/A.yaml": "include: sub/B.yaml\n", "Specs/sub/B.yaml": "include: ../A.yaml\n"]
        #expect(SpecTesting.problems(text, includes: includes) == [
            "Specs/sub/B.yaml:1:10: error: include cycle: Specs/A.yaml -> Specs/sub/B.yaml -> Specs/A.yaml",
        ])
    }

    @Test func includedFilesHoldOnlyModelsAndIncludes() {
        let text = "include: A.yaml\nname: T\nserver: { host: example.com }\nendpoints: {}\n"
        #expect(SpecTesting.problems(text, includes: ["Specs/A.yaml": "models: {}\nendpoint: {}\n"]) == [
            "Specs/A.yaml:2:1: error: unknown key 'endpoint' in included file 'Specs/A.yaml'; expected one of: models, include",
        ])
    }

    @Test func modelsDeclaredTwiceAcrossFilesAreRefused() {
        let text = "include: A.yaml\nname: T\nserver: { host: example.com }\nendpoints: { a: { GET: /a, response: User } }\nmodels:\n  User: { id: Int }\n"
        #expect(SpecTesting.problems(text, includes: ["Specs/A.yaml": "models:\n  User: { name: String }\n"]) == [
            "Specs/Test.yaml:6:3: error: duplicate model 'User'",
        ])
    }

    @Test func aFileIncludedTwiceIsReadOnce() throws {
        let text = "include: [A.yaml, B.yaml]\nname: T\nserver: { host: example.com }\nendpoints: { a: { GET: /a, response: Shared } }\n"
        let includes = ["Specs/A.yaml": "include: C.yaml\n", "Specs/B.yaml": "include: C.yaml\n", "Specs/C.yaml": "models: { Shared: { id: Int } }\n"]
        let spec = try SpecTesting.load(text, includes: includes).spec
        #expect(spec.models.map(\.name) == ["Shared"])
        #expect(spec.models[0].location.file == "Specs/C.yaml")
    }
}
