import Testing

@testable import EndpointSpec

/// `SwiftName` works ASCII names out on bytes and other names through `Character`s; both must give the same.
@Suite struct SwiftNameTests {
    /// Names a spec or an OpenAPI document may hold: separators, digits first, acronyms, keywords, nothing.
    static let edgeCases = [
        "", "-", "_", "__x__", "2fa", "x2", "HTTPServer", "ID", "id", "Id", "a", "A", "device_type", "user-profile",
        "v1.customers", "/pets/{petId}", "X-Rate-Limit", "class", "self", "A1", "1", "a--b", "ALL_CAPS_NAME", "  spaced  ",
    ]

    /// A few thousand ASCII names from a fixed generator, so a failure names the same input every run.
    static var generated: [String] {
        let alphabet = Array("aZbY09_-. /{}xX")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<3_000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 60)
            return String((0..<length).map { index in alphabet[Int((state >> UInt64(index * 4)) & 0xF) % alphabet.count] })
        }
    }

    @Test func theAsciiPathGivesWhatTheGeneralPathGives() {
        for name in Self.edgeCases + Self.generated {
            for upperFirst in [false, true] {
                #expect(SwiftName.camelCase(ascii: name, upperFirst: upperFirst) == SwiftName.camelCase(anyScript: name, upperFirst: upperFirst),
                        "\(name.debugDescription), upperFirst: \(upperFirst)")
            }
        }
    }

    @Test func screamingSnakeCaseIsCapitalisedWordByWord() {
        #expect(SwiftName.member("START_TIME_ASC") == "startTimeAsc")
        #expect(SwiftName.member("NEXT_SCHEDULED_START_TIME_ASC") == "nextScheduledStartTimeAsc")
        #expect(SwiftName.type("ALL_CAPS_NAME") == "AllCapsName")
        #expect(SwiftName.member("ÜBER_GRÖSSE") == "überGrösse")
        // One word in capitals, and acronyms inside mixed-case names, stay as they were.
        #expect(SwiftName.member("ID") == "id")
        #expect(SwiftName.type("HTTP") == "HTTP")
        #expect(SwiftName.member("user_ID") == "userID")
        #expect(SwiftName.member("X-Rate-Limit") == "xRateLimit")
    }

    @Test func otherScriptsTakeTheGeneralPath() {
        #expect(SwiftName.camelCase(ascii: "prénom_usuel", upperFirst: false) == nil)
        #expect(SwiftName.member("prénom_usuel") == "prénomUsuel")
        #expect(SwiftName.type("größe-maß") == "GrößeMaß")
    }
}
