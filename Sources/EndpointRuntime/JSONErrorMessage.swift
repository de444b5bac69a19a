import Foundation

// MARK: - The server's message in a JSON error body

extension JSONBodyCoder {
    /// The non-empty string at the first of `fields` in a parsed JSON value (`JSONSerialization`'s).
    static func message(at fields: [String], in root: Any) -> String? {
        fields.lazy.compactMap { text(at: $0, in: root) }.first
    }

    /// The non-empty string at a dotted path of a JSON value, or the list of validation errors there joined, if there
    /// is one.
    fileprivate static func text(at path: String, in root: Any) -> String? {
        var value = root
        for key in path.split(separator: ".") {
            guard let object = value as? [String: Any], let inner = object[String(key)] else { return nil }
            value = inner
        }
        if let list = value as? [Any] { return validationMessages(list) }
        return (value as? String).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `[{"loc": ["body", "name"], "msg": "field required"}, …]` (FastAPI's and pydantic's form; `message` for `msg`
    /// and a string `loc`, `field` or `path` too) as `body.name: field required; …`; `nil` when no item has a message.
    fileprivate static func validationMessages(_ list: [Any]) -> String? {
        let messages = list.compactMap { item -> String? in
            if let text = item as? String { return text.isEmpty ? nil : text }
            guard let object = item as? [String: Any], let message = (object["msg"] ?? object["message"]) as? String, !message.isEmpty else { return nil }
            let place = object["loc"] ?? object["field"] ?? object["path"]
            let location = (place as? [Any])?.map { "\($0)" }.joined(separator: ".") ?? place as? String
            return location.map { "\($0): \(message)" } ?? message
        }
        return messages.isEmpty ? nil : messages.joined(separator: "; ")
    }
}
