import Foundation

extension ResponseDecoder {
    /// The longest error body (in UTF-8 bytes) whose text becomes the message: a longer one is a page or a dump, not a message.
    static let maximumTextMessageBytes = 512

    /// What an error response that is not JSON says: the body itself when it is
    /// short UTF-8 text that is not markup (a server's plain-text `file 'a.txt' does not exist`, even when it is labelled
    /// `application/json`), else the configured fallback.
    func messageWithoutField(in body: Data) -> String {
        Self.textMessage(in: body) ?? configuration.fallbackErrorMessage
    }

    /// `body` as a one-line message: control characters and bidirectional overrides removed (line breaks and
    /// tabs become spaces), blanks trimmed;
    /// `nil` when it is empty, longer than `maximumTextMessageBytes`, not UTF-8, or markup (it starts with `<`).
    static func textMessage(in body: Data) -> String? {
        guard !body.isEmpty, body.count <= maximumTextMessageBytes, let text = String(data: body, encoding: .utf8) else { return nil }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                scalars.append(" ")
            } else if scalar.properties.generalCategory != .control && !scalar.properties.isBidiControl {
                scalars.append(scalar)
            }
        }
        let message = String(scalars).trimmingCharacters(in: .whitespaces)
        guard !message.isEmpty, !message.hasPrefix("<") else { return nil }
        return message
    }
}
