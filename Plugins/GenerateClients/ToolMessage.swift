import Foundation
import PackagePlugin

/// One message of endpointgen's stderr, as a SwiftPM diagnostic.
///
/// `Specs/Auth.yaml:32:5: error: unknown key 'bogus'` plus its quoted source line and caret becomes an error
/// whose text keeps `Specs/Auth.yaml:32:5: ` (SwiftPM's terminal output shows no diagnostic location, and has
/// no place for a column) and whose file and line are set for IDEs. `error: message` and its indented lines
/// (the drift list of `check`) become an unlocated error; any other line (the error count) a remark.
struct ToolMessage: Equatable {
    var severity: Diagnostics.Severity
    var text: String
    var file: String?
    var line: Int?

    /// The messages of a whole stderr text; relative file names are resolved against `folder`. A line is
    /// part of the message before it when it is indented, a caret, or the source line above a caret.
    static func parse(_ stderr: String, relativeTo folder: URL) -> [ToolMessage] {
        var messages: [ToolMessage] = []
        let lines = stderr.split(separator: "\n")
        for (index, line) in lines.enumerated() {
            let quotesSource = index + 1 < lines.count && isCaret(lines[index + 1])
            if let message = located(line, relativeTo: folder) ?? unlocated(line) {
                messages.append(message)
            } else if let last = messages.indices.last, line.hasPrefix(" ") || isCaret(line) || quotesSource {
                messages[last].text += "\n" + line
            } else {
                messages.append(ToolMessage(severity: .remark, text: String(line)))
            }
        }
        return messages
    }

    /// Hands the message to SwiftPM.
    func emit() {
        Diagnostics.emit(severity, text, file: file, line: line)
    }

    /// `file:line:column: severity: message`.
    private static func located(_ line: Substring, relativeTo folder: URL) -> ToolMessage? {
        let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, let number = Int(parts[1]), Int(parts[2]) != nil,
            let severity = severity(parts[3].dropFirst()), parts[3].first == " "
        else { return nil }
        let file = URL(fileURLWithPath: String(parts[0]), relativeTo: folder).standardizedFileURL.path
        return ToolMessage(severity: severity, text: "\(parts[0]):\(parts[1]):\(parts[2]):\(parts[4])", file: file, line: number)
    }

    /// `severity: message`.
    private static func unlocated(_ line: Substring) -> ToolMessage? {
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let severity = severity(parts[0]), parts[1].first == " " else { return nil }
        return ToolMessage(severity: severity, text: String(parts[1].dropFirst()))
    }

    /// endpointgen's severities (`error`, `warning`, `note`) as SwiftPM's.
    private static func severity(_ word: Substring) -> Diagnostics.Severity? {
        switch word {
        case "error": .error
        case "warning": .warning
        case "note": .remark
        default: nil
        }
    }

    /// The caret line under a quoted source line: blanks, then `^` and the `~` of the token's range.
    private static func isCaret(_ line: Substring) -> Bool {
        let marks = line.drop { $0 == " " || $0 == "\t" }
        return marks.first == "^" && marks.dropFirst().allSatisfy { $0 == "~" }
    }
}
