import Foundation
import YAML

/// A JSON value, for comparing a parse with the suite's `in.json`: numbers are all `Double` (so `1 == 1.0`) and
/// objects ignore key order. The tests' own, so that YAML's tests need no other module of the package.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Reads whichever kind of value is there; a JSON `true` is a `Bool`, not the number 1.
    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null; return }
        if let flag = try? single.decode(Bool.self) { self = .bool(flag); return }
        if let double = try? single.decode(Double.self) { self = .number(double); return }
        if let text = try? single.decode(String.self) { self = .string(text); return }
        if let items = try? single.decode([JSONValue].self) { self = .array(items); return }
        self = .object(try single.decode([String: JSONValue].self))
    }

    /// The value a core-schema resolution should equal.
    init(_ value: YAMLValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .int(let int): self = .number(Double(int))
        case .double(let double): self = .number(double)
        case .string(let string): self = .string(string)
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let members):
            self = .object(Dictionary(members.map { ($0.key, JSONValue($0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }

    /// Every JSON document of a file that may hold several, one after the other (a multi-document case).
    static func documents(in data: Data) throws -> [JSONValue] {
        try splitDocuments(Array(data)).map { try JSONDecoder().decode(JSONValue.self, from: Data($0)) }
    }

    /// Cuts concatenated JSON texts apart by tracking brackets and strings.
    private static func splitDocuments(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var documents: [ArraySlice<UInt8>] = []
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        while index < bytes.count {
            if isSpace(bytes[index]) {
                index += 1
                continue
            }
            let start = index
            var depth = 0
            var inString = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if inString {
                    if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                    depth += 1
                } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    depth -= 1
                } else if depth == 0 && isSpace(byte) {
                    index -= 1
                    break
                }
                if depth == 0 && !inString && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")) {
                    break
                }
            }
            documents.append(bytes[start..<index])
        }
        return documents
    }
}
