import Foundation

/// Cuts a byte stream into lines as chunks arrive, whatever the chunk boundaries: a line may span chunks, and a CR at
/// the end of one chunk with the LF at the start of the next is one CRLF. Used by the server-sent event and JSON Lines
/// readers.
struct LineSplitter {
    /// Whether a lone CR ends a line (server-sent events: CR, LF and CRLF all do), or only LF does (JSON Lines: a CR
    /// before the LF is dropped).
    let crEndsLine: Bool
    /// The start of a line whose end has not arrived yet.
    private var carry = Data()
    /// The last chunk ended with a CR: an LF starting the next one belongs to it.
    private var afterCR = false

    init(crEndsLine: Bool) { self.crEndsLine = crEndsLine }

    /// Calls `line` with each line `chunk` completes (without its terminator), in order.
    mutating func append(_ chunk: Data, _ line: (Data.SubSequence) throws -> Void) rethrows {
        var start = chunk.startIndex
        var index = chunk.startIndex
        if afterCR, index < chunk.endIndex, chunk[index] == 0x0A {
            index += 1
            start = index
        }
        afterCR = false
        while let end = chunk[index...].firstIndex(where: { $0 == 0x0A || (crEndsLine && $0 == 0x0D) }) {
            if carry.isEmpty {
                try line(trimmed(chunk[start..<end]))
            } else {
                carry.append(chunk[start..<end])
                try line(trimmed(carry[...]))
                carry = Data()
            }
            index = end + 1
            if chunk[end] == 0x0D {
                if index < chunk.endIndex {
                    if chunk[index] == 0x0A { index += 1 }
                } else {
                    afterCR = true
                }
            }
            start = index
        }
        if start < chunk.endIndex { carry.append(chunk[start...]) }
    }

    /// JSON Lines: a CRLF's CR is not part of the line.
    private func trimmed(_ line: Data.SubSequence) -> Data.SubSequence {
        !crEndsLine && line.last == 0x0D ? line.dropLast() : line
    }

    /// The unterminated rest at the end of the stream, if any.
    mutating func finish() -> Data? {
        defer { carry = Data() }
        return carry.isEmpty ? nil : carry
    }
}
