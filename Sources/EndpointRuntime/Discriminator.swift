/// Reads the key that says which alternative of a `oneOf` model a JSON object holds.
///
/// ```swift
/// // In `Pet.init(from:)` for `{"petType": "cat", ...}`:
/// Discriminator.value(forKey: "petType", in: decoder) // "cat"
/// ```
public enum Discriminator {
    /// The string at `key` of the object being decoded; `nil` when the value is no object, lacks the key or
    /// holds something else there (the model then decodes as its unknown case).
    public static func value(forKey key: String, in decoder: any Decoder) -> String? {
        let container = try? decoder.container(keyedBy: Key.self)
        return try? container?.decodeIfPresent(String.self, forKey: Key(stringValue: key))
    }

    /// Any string key.
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
