/// A spec and the file its includes read, cut from one fuzz input at the first line `#=` (a YAML comment).
///
/// Every include reads the same text, so the fuzzer controls both files; without the line, includes read
/// an empty models file.
public struct FuzzSpecInput: Sendable {
    /// The spec's text.
    public let text: String
    /// What every include reads.
    public let included: String

    /// Splits `bytes` at the first `\n#=\n`.
    public init(_ bytes: [UInt8]) {
        let whole = String(decoding: bytes, as: UTF8.self)
        if let marker = whole.range(of: "\n#=\n") {
            text = String(whole[..<marker.lowerBound])
            included = String(whole[marker.upperBound...])
        } else {
            text = whole
            included = "models: {}\n"
        }
    }
}
