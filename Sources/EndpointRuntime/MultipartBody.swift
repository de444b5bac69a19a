// EndpointRuntime: a multipart response read as its parts.
import Foundation

/// A multipart response body (`multipart/form-data`, `multipart/mixed`, ...) as its parts, in order: each part's name
/// and file name (from `Content-Disposition`), `Content-Type`, other headers and bytes (`Multipart` in the spec).
///
/// ```swift
/// let body = try await client.exportReport(id: 7)
/// let summary = body["summary"].map { String(decoding: $0.data, as: UTF8.self) }
/// for part in body.parts where part.filename != nil { try part.data.write(to: folder.appending(path: part.filename!)) }
/// ```
public struct MultipartBody: Sendable, Equatable, Decodable {
    /// The parts, in the order they came.
    public var parts: [MultipartPart]

    /// A body of these parts.
    public init(parts: [MultipartPart]) {
        self.parts = parts
    }

    /// The first part named `name` (its `Content-Disposition` name), or `nil`.
    public subscript(name: String) -> MultipartPart? {
        parts.first { $0.name == name }
    }

    /// The parts of `data`, sent with `contentType` (whose `boundary` parameter separates them, RFC 2046 section 5.1);
    /// `nil` when the type names no boundary or the bytes do not follow it. The preamble before the first boundary and
    /// the epilogue after the last are not part of any part, as the RFC has it.
    public init?(_ data: Data, contentType: String?) {
        guard let boundary = contentType.flatMap(Self.boundary), let parts = Self.parts(of: [UInt8](data), boundary: Array("--\(boundary)".utf8)) else {
            return nil
        }
        self.parts = parts
    }

    /// Always throws: a multipart body is read from its bytes (`init(_:contentType:)`), which the client does for a
    /// response typed `MultipartBody`; no other coder holds one.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "a multipart body is read from the bytes of a multipart response"))
    }

    private static let lineBreak: [UInt8] = Array("\r\n".utf8)

    /// The `boundary` parameter of a `multipart/…` media type, unquoted.
    static func boundary(in contentType: String) -> String? {
        let mediaType = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard mediaType.hasPrefix("multipart/"), let boundary = parameters(of: contentType)["boundary"], !boundary.isEmpty else { return nil }
        return boundary
    }

    /// The parts between the delimiters `delimiter` (`--` and the boundary), each at the start of the body or of a line.
    private static func parts(of bytes: [UInt8], boundary delimiter: [UInt8]) -> [MultipartPart]? {
        let lineDelimiter = lineBreak + delimiter
        var start: Int
        if bytes.starts(with: delimiter) {
            start = 0
        } else {
            guard let found = bytes.firstRange(of: lineDelimiter) else { return nil }
            start = found.lowerBound + lineBreak.count
        }
        var parts: [MultipartPart] = []
        while true {
            var cursor = start + delimiter.count
            if bytes[cursor...].starts(with: Array("--".utf8)) { return parts }  // the close delimiter
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
            guard bytes[cursor...].starts(with: lineBreak), let end = bytes[(cursor + lineBreak.count)...].firstRange(of: lineDelimiter) else {
                return nil
            }
            guard let part = part(bytes[(cursor + lineBreak.count)..<end.lowerBound]) else { return nil }
            parts.append(part)
            start = end.lowerBound + lineBreak.count
        }
    }

    /// One part: its header lines, an empty line, its bytes.
    private static func part(_ bytes: ArraySlice<UInt8>) -> MultipartPart? {
        let headerText: String
        let content: ArraySlice<UInt8>
        if bytes.starts(with: lineBreak) {
            headerText = ""
            content = bytes.dropFirst(lineBreak.count)
        } else {
            guard let blank = bytes.firstRange(of: lineBreak + lineBreak) else { return nil }
            headerText = String(decoding: bytes[..<blank.lowerBound], as: UTF8.self)
            content = bytes[blank.upperBound...]
        }
        var part = MultipartPart(name: "", data: Data(content))
        for line in headerText.components(separatedBy: "\r\n") where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            switch name.lowercased() {
            case "content-disposition":
                let parameters = Self.parameters(of: value)
                part.name = parameters["name"] ?? ""
                part.filename = parameters["filename"]
            case "content-type": part.contentType = value
            default: part.headers.append(HeaderField(name, value))
            }
        }
        return part
    }

    /// The `key=value` parameters after a header's first `;` (a `Content-Type`'s or a `Content-Disposition`'s), keys
    /// lowercased, values unquoted.
    private static func parameters(of value: String) -> [String: String] {
        var parameters: [String: String] = [:]
        for field in value.split(separator: ";").dropFirst() {
            let pair = field.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2 { parameters[pair[0].lowercased()] = unquoted(pair[1]) }
        }
        return parameters
    }

    /// `"a \"b\""` as `a "b"`; text without quotes as it is.
    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if !escaped, character == "\\" { escaped = true; continue }
            result.append(character)
            escaped = false
        }
        return result
    }
}
