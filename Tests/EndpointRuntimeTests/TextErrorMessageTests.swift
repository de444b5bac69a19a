import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// An error body that is not JSON but short text gives the message itself (Jupyter's 404 is `file or directory 'x' does
/// not exist`, labelled application/json); JSON without a message field, and anything else, gives the fallback.
@Suite(.timeLimit(.minutes(2))) struct TextErrorMessageTests {
    /// The message of the error a 404 with `body` becomes.
    func message(of body: Data, errorField: String? = "message") async -> String? {
        let configuration = ClientConfiguration(
            server: ServerAddress(host: "api.example.com"), errorMessageFields: errorField.map { [$0] } ?? [], fallbackErrorMessage: "Fallback.", retry: .none)
        let reply = StubTransport.Reply(status: 404, headers: ["Content-Type": "application/json"], body: body)
        let client = EndpointClient(configuration: configuration, transport: StubTransport(responses: [reply]))
        do {
            _ = try await client.send(Request<Empty>(method: .get, path: "/a"))
            return nil
        } catch {
            guard case .unacceptableStatus(404, let message, body) = error else { return "unexpected \(error)" }
            return message
        }
    }

    func message(of text: String, errorField: String? = "message") async -> String? {
        await message(of: Data(text.utf8), errorField: errorField)
    }

    @Test func plainTextIsTheMessage() async {
        #expect(await message(of: "file or directory '/nope.txt' does not exist") == "file or directory '/nope.txt' does not exist")
        #expect(await message(of: "Not found", errorField: nil) == "Not found")
    }

    @Test func theMessageFieldStillWins() async {
        #expect(await message(of: #"{"message": "No such file.", "reason": null}"#) == "No such file.")
    }

    /// JSON is the server's structure, not a sentence: without a message field it is no message to show. With no
    /// field configured, the common ones are tried.
    @Test func jsonWithoutTheFieldGivesTheFallback() async {
        #expect(await message(of: #"{"error": "token expired"}"#) == "Fallback.")
        #expect(await message(of: #"{"message": ""}"#) == "Fallback.")
        #expect(await message(of: #"{"code": 7, "reason": "token expired"}"#, errorField: nil) == "Fallback.")
        #expect(await message(of: #"{"error": "token expired"}"#, errorField: nil) == "token expired")
    }

    @Test func lineBreaksBecomeBlanksAndControlCharactersGo() async {
        #expect(await message(of: "  first line\r\nsecond\tline\n") == "first line  second line")
        #expect(await message(of: "bell\u{07}\u{1B}[31m red\u{202E}txt.exe") == "bell[31m redtxt.exe")
    }

    @Test func whatIsNoShortTextGivesTheFallback() async {
        #expect(await message(of: "") == "Fallback.")
        #expect(await message(of: " \n\t ") == "Fallback.")
        #expect(await message(of: "<html><body>502 Bad Gateway</body></html>") == "Fallback.")
        #expect(await message(of: Data([0x66, 0xFF, 0xFE])) == "Fallback.")
        #expect(await message(of: String(repeating: "x", count: 512)) == String(repeating: "x", count: 512))
        #expect(await message(of: String(repeating: "x", count: 513)) == "Fallback.")
    }
}
