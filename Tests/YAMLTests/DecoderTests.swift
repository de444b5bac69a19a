import Diagnostics
import Foundation
import Testing
import YAML

@Suite struct DecoderTests {
    struct Server: Decodable, Equatable {
        var host: String
        var port: Int
        var tls: Bool?
    }

    struct Config: Decodable, Equatable {
        var version: String
        var country: String
        var server: Server
        var tags: [String]
        var limits: [String: Double]
        var retries: UInt8?
    }

    enum Method: String, Decodable {
        case get = "GET", post = "POST"
    }

    /// The whole message of the error `body` throws, or a recorded issue when it throws none.
    func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            Issue.record("expected an error")
        } catch let error as DiagnosticError {
            return error.description
        } catch {
            Issue.record("expected a DiagnosticError, got \(error)")
        }
        return nil
    }

    @Test func scalarsAreReadAsTheTypeAskedFor() throws {
        let text = """
            version: 1.0
            country: NO
            server:
              host: api.example.com
              port: 8080
              tls: true
            tags: [a, 1, null]
            limits: {rate: 2.5, burst: 10}

            """
        let config = try YAMLDecoder().decode(Config.self, from: text, file: "a.yaml")
        #expect(config == Config(
            version: "1.0", country: "NO", server: Server(host: "api.example.com", port: 8080, tls: true),
            tags: ["a", "1", "null"], limits: ["rate": 2.5, "burst": 10], retries: nil))
    }

    @Test func optionalsAreNilForNullTildeEmptyAndMissing() throws {
        for value in ["null", "~", "", "Null"] {
            let server = try YAMLDecoder().decode(Server.self, from: "host: h\nport: 1\ntls: \(value)\n", file: "a.yaml")
            #expect(server.tls == nil, "tls: \(value)")
        }
        let missing = try YAMLDecoder().decode(Server.self, from: "host: h\nport: 1\n", file: "a.yaml")
        #expect(missing.tls == nil)
        // Quoted, `null` is text.
        #expect(try YAMLDecoder().decode([String?].self, from: "['null', null]", file: "a.yaml") == ["null", nil])
    }

    @Test func integerWidthsRadixesAndFloats() throws {
        #expect(try YAMLDecoder().decode([Int].self, from: "[-12, +3, 0x1F, 0o17]", file: "a.yaml") == [-12, 3, 31, 15])
        #expect(try YAMLDecoder().decode([UInt8].self, from: "[0, 255]", file: "a.yaml") == [0, 255])
        #expect(try YAMLDecoder().decode([Int64].self, from: "[-9223372036854775808]", file: "a.yaml") == [.min])
        #expect(try YAMLDecoder().decode([Double].self, from: "[1.5, 1e3, -.5, 8080, .inf]", file: "a.yaml") == [1.5, 1000, -0.5, 8080, .infinity])
        #expect(try YAMLDecoder().decode([Float].self, from: "[0.25]", file: "a.yaml") == [0.25])
        #expect(try YAMLDecoder().decode(Double.self, from: ".nan", file: "a.yaml").isNaN)
    }

    @Test func boolAcceptsCoreSchemaSpellings() throws {
        #expect(try YAMLDecoder().decode([Bool].self, from: "[true, True, TRUE, false, False, FALSE]", file: "a.yaml")
            == [true, true, true, false, false, false])
    }

    @Test func yesNoOnOffAreRefusedWithASuggestion() {
        #expect(message { _ = try YAMLDecoder().decode(Server.self, from: "host: h\nport: 1\ntls: yes\n", file: "a.yaml") } == """
            a.yaml:3:6: error: expected Bool at 'tls', found 'yes'; YAML 1.2 reads only true and false as Bool; did you mean 'true'?
            tls: yes
                 ^
            """)
        #expect(message { _ = try YAMLDecoder().decode([Bool].self, from: "[On, OFF]", file: "b.yaml") } == """
            b.yaml:1:2: error: expected Bool at '[0]', found 'On'; YAML 1.2 reads only true and false as Bool; did you mean 'true'?
            [On, OFF]
             ^
            """)
        #expect(message { _ = try YAMLDecoder().decode(Bool.self, from: "no", file: "c.yaml") } == """
            c.yaml:1:1: error: expected Bool at the top level, found 'no'; YAML 1.2 reads only true and false as Bool; did you mean 'false'?
            no
            ^
            """)
    }

    @Test func typeMismatchNamesThePathAndLocation() {
        let text = "name: x\nserver:\n  host: h\n  port: 80x\n"
        struct Root: Decodable { var server: Server }
        #expect(message { _ = try YAMLDecoder().decode(Root.self, from: text, file: "a.yaml") } == """
            a.yaml:4:9: error: expected Int at 'server.port', found '80x'
              port: 80x
                    ^
            """)
    }

    @Test func outOfRangeIntegerSaysSo() {
        #expect(message { _ = try YAMLDecoder().decode([String: UInt8].self, from: "level: 300\n", file: "a.yaml") } == """
            a.yaml:1:8: error: expected UInt8 at 'level', found '300'; out of range for UInt8
            level: 300
                   ^
            """)
    }

    @Test func nullForARequiredValueIsAnError() {
        #expect(message { _ = try YAMLDecoder().decode(Server.self, from: "host: h\nport: ~\n", file: "a.yaml") } == """
            a.yaml:2:7: error: expected Int at 'port', found null
            port: ~
                  ^
            """)
    }

    @Test func collectionKindMismatchIsAnError() {
        struct Root: Decodable { var servers: [Server] }
        #expect(message { _ = try YAMLDecoder().decode(Root.self, from: "servers:\n  - [1, 2]\n", file: "a.yaml") } == """
            a.yaml:2:5: error: expected a mapping at 'servers[0]', found a sequence
              - [1, 2]
                ^
            """)
        #expect(message { _ = try YAMLDecoder().decode(Root.self, from: "servers:\n  host: h\n", file: "a.yaml") } == """
            a.yaml:2:3: error: expected a sequence at 'servers', found a mapping
              host: h
              ^
            """)
        #expect(message { _ = try YAMLDecoder().decode(Server.self, from: "host: {a: 1}\nport: 1\n", file: "a.yaml") } == """
            a.yaml:1:7: error: expected String at 'host', found a mapping
            host: {a: 1}
                  ^
            """)
    }

    @Test func missingKeyIsLocatedAtItsMapping() {
        struct Root: Decodable { var server: Server }
        #expect(message { _ = try YAMLDecoder().decode(Root.self, from: "server:\n  host: h\n", file: "a.yaml") } == """
            a.yaml:2:3: error: missing key 'port' in 'server'
              host: h
              ^
            """)
        #expect(message { _ = try YAMLDecoder().decode(Server.self, from: "port: 1\n", file: "a.yaml") } == """
            a.yaml:1:1: error: missing key 'host'
            port: 1
            ^
            """)
    }

    @Test func decodingErrorsFromATypesOwnInitAreLocated() {
        #expect(message { _ = try YAMLDecoder().decode([String: Method].self, from: "a: GET\nb: GETT\n", file: "a.yaml") } == """
            a.yaml:2:4: error: invalid 'GETT' at 'b': Cannot initialize Method from invalid String value GETT
            b: GETT
               ^
            """)
    }

    @Test func tooFewItemsForAFixedShapeIsAnError() {
        struct Pair: Decodable {
            var first: Int, second: Int
            init(from decoder: any Decoder) throws {
                var items = try decoder.unkeyedContainer()
                first = try items.decode(Int.self)
                second = try items.decode(Int.self)
            }
        }
        #expect(message { _ = try YAMLDecoder().decode([String: Pair].self, from: "range: [1]\n", file: "a.yaml") } == """
            a.yaml:1:8: error: expected another item at 'range', found only 1
            range: [1]
                   ^
            """)
    }

    @Test func urlsAndISO8601Dates() throws {
        struct Site: Decodable { var url: URL; var since: Date; var day: Date }
        let site = try YAMLDecoder().decode(Site.self, from: "url: https://api.example.com/v1\nsince: 2024-05-01T12:00:00Z\nday: 2024-05-01\n", file: "a.yaml")
        #expect(site.url.absoluteString == "https://api.example.com/v1")
        #expect(site.since == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(site.day == Date(timeIntervalSince1970: 1_714_521_600))
        #expect(message { _ = try YAMLDecoder().decode([Date].self, from: "[May 1st]", file: "a.yaml") } == """
            a.yaml:1:2: error: expected Date at '[0]', found 'May 1st'; expected an ISO 8601 date such as 2024-05-01T12:00:00Z
            [May 1st]
             ^
            """)
    }

    @Test func decodesFromAParsedNodeWithAndWithoutItsSource() throws {
        let text = "port: x\n"
        let node = try YAMLParser.parseDocument(text, file: "n.yaml")
        #expect(message { _ = try YAMLDecoder().decode([String: Int].self, from: node) } == "n.yaml:1:7: error: expected Int at 'port', found 'x'")
        #expect(message { _ = try YAMLDecoder().decode([String: Int].self, from: node, source: SourceFile(path: "n.yaml", text: text)) } == """
            n.yaml:1:7: error: expected Int at 'port', found 'x'
            port: x
                  ^
            """)
    }

    @Test func userInfoReachesTheDecoder() throws {
        struct Probe: Decodable {
            var seen: String?
            init(from decoder: any Decoder) throws { seen = decoder.userInfo[CodingUserInfoKey(rawValue: "k")!] as? String }
        }
        let decoder = YAMLDecoder(userInfo: [CodingUserInfoKey(rawValue: "k")!: "v"])
        #expect(try decoder.decode(Probe.self, from: "{}", file: "a.yaml").seen == "v")
    }

    @Test func longScalarsAreShortenedInMessages() {
        let long = String(repeating: "x", count: 50)
        #expect(message { _ = try YAMLDecoder().decode(Int.self, from: long, file: "a.yaml") }?.hasPrefix(
            "a.yaml:1:1: error: expected Int at the top level, found '\(String(repeating: "x", count: 40))...'\n") == true)
    }
}

extension DecoderTests {
    class Base: Decodable {
        let id: Int
    }

    final class Derived: Base {
        let name: String
        enum CodingKeys: String, CodingKey { case name }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            try super.init(from: container.superDecoder())
        }
    }

    @Test func superDecoderReadsTheSuperKey() throws {
        let derived = try YAMLDecoder().decode(Derived.self, from: "name: n\nsuper: {id: 7}\n", file: "a.yaml")
        #expect(derived.name == "n")
        #expect(derived.id == 7)
        #expect(message { _ = try YAMLDecoder().decode(Derived.self, from: "name: n\n", file: "a.yaml") } == """
            a.yaml:1:1: error: missing key 'super'
            name: n
            ^
            """)
    }
}
