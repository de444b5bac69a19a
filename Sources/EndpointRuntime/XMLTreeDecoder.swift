import Foundation

/// A `Decoder` over an `XMLTree`: a keyed container reads child elements (and attributes, for keys marked so) by
/// their local names, an unkeyed one the items of a list, a single value the text.
struct XMLTreeDecoder: Decoder {
    /// What this decoder stands for.
    enum Value {
        /// Elements: one for a value, the items for a flattened list (none when it is empty).
        case elements([XMLTree], form: XMLKeyForm)
        /// An attribute's text.
        case text(String)
    }

    let value: Value
    let dateCoding: DateCoding
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The one element this decoder reads, or a `valueNotFound` error.
    func element<T>(_ type: T.Type) throws -> XMLTree {
        guard case .elements(let elements, let form) = value, form != .flattened, let element = elements.first else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "expected an element"))
        }
        return element
    }

    /// The text of the attribute or element.
    func text() throws -> String {
        switch value {
        case .text(let text): return text
        case .elements: return try element(String.self).text
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(XMLKeyedContainer<Key>(decoder: self, element: try element([String: String].self)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let items: [XMLTree]
        switch value {
        case .elements(let elements, .flattened):
            items = elements
        case .elements(let elements, .wrapped(let item?)):
            items = elements.first?.children(named: item) ?? []
        case .elements(let elements, _):
            items = elements.first?.children ?? []
        case .text:
            throw DecodingError.typeMismatch([String].self, .init(codingPath: codingPath, debugDescription: "expected a list, found an attribute"))
        }
        return XMLUnkeyedContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { XMLSingleValueContainer(decoder: self) }

    /// A decoder for `value` at `key` below this one.
    func child(_ value: Value, at key: any CodingKey) -> XMLTreeDecoder {
        XMLTreeDecoder(value: value, dateCoding: dateCoding, codingPath: codingPath + [key])
    }

    /// `type` decoded here: dates by the date coding, `Data` from base64 text, URLs from their text, scalars from
    /// text, anything else through its `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let scalar = type as? any XMLScalar.Type {
            let text = try text()
            guard let value = scalar.init(xmlText: text.trimmingCharacters(in: .whitespacesAndNewlines)) as? T else {
                throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(type), found '\(text)'"))
            }
            return value
        }
        if type == String.self, let text = try text() as? T { return text }
        if type == Date.self, let date = try dateCoding.date(fromXMLText: text(), codingPath: codingPath) as? T { return date }
        if type == Data.self {
            guard let data = Data(base64Encoded: try text().trimmingCharacters(in: .whitespacesAndNewlines)) as? T else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "expected base64 text"))
            }
            return data
        }
        if type == URL.self {
            guard let url = URL(string: try text().trimmingCharacters(in: .whitespacesAndNewlines)) as? T else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "expected a URL"))
            }
            return url
        }
        return try T(from: self)
    }
}

/// Reads child elements and attributes of one element by key.
private struct XMLKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: XMLTreeDecoder
    let element: XMLTree
    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        var names: [String] = []
        for child in element.children where !names.contains(child.name) { names.append(child.name) }
        return (names + element.attributes.keys.sorted()).compactMap(Key.init(stringValue:))
    }

    /// What `key` stands for in this element, or `nil` when it is absent.
    private func value(for key: Key) -> XMLTreeDecoder.Value? {
        switch key.resolvedXMLForm {
        case .attribute:
            return element.attributes[key.stringValue].map(XMLTreeDecoder.Value.text)
        case .flattened:
            // No repetition is an empty list, as XML writes one.
            return .elements(element.children(named: key.stringValue), form: .flattened)
        case let form:
            let matches = element.children(named: key.stringValue)
            return matches.isEmpty ? nil : .elements(matches, form: form)
        }
    }

    func contains(_ key: Key) -> Bool { value(for: key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { value(for: key) == nil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let value = value(for: key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no element or attribute '\(key.stringValue)'"))
        }
        return try decoder.child(value, at: key).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try superDecoder(forKey: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try superDecoder(forKey: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        guard let value = value(for: key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no element or attribute '\(key.stringValue)'"))
        }
        return decoder.child(value, at: key)
    }
}

/// Reads the items of a list, one element each.
private struct XMLUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: XMLTreeDecoder
    let items: [XMLTree]
    private(set) var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(decoder: XMLTreeDecoder, items: [XMLTree]) {
        self.decoder = decoder
        self.items = items
    }

    /// The decoder of the next item; throws at the end.
    private mutating func next<T>(_ type: T.Type) throws -> XMLTreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "no item \(currentIndex) in the list"))
        }
        defer { currentIndex += 1 }
        return decoder.child(.elements([items[currentIndex]], form: .element), at: XMLIndexKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(type).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next([String].self).unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next(Data.self) }
}

/// Reads the text of an attribute or element.
private struct XMLSingleValueContainer: SingleValueDecodingContainer {
    let decoder: XMLTreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        if case .elements(let elements, _) = decoder.value { return elements.isEmpty }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}

/// An item's position in a list, in a coding path.
struct XMLIndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// A type written in XML as its text.
protocol XMLScalar {
    /// The value of `xmlText` (trimmed), or `nil` when it is not one.
    init?(xmlText: String)
    /// The text of the value.
    var xmlText: String { get }
}

extension Bool: XMLScalar {
    init?(xmlText: String) {
        switch xmlText {
        case "true", "1": self = true
        case "false", "0": self = false
        default: return nil
        }
    }
    var xmlText: String { self ? "true" : "false" }
}

extension XMLScalar where Self: LosslessStringConvertible {
    init?(xmlText: String) { self.init(xmlText) }
    var xmlText: String { description }
}

extension Int: XMLScalar {}
extension Int8: XMLScalar {}
extension Int16: XMLScalar {}
extension Int32: XMLScalar {}
extension Int64: XMLScalar {}
extension UInt: XMLScalar {}
extension UInt8: XMLScalar {}
extension UInt16: XMLScalar {}
extension UInt32: XMLScalar {}
extension UInt64: XMLScalar {}
extension Double: XMLScalar {}
extension Float: XMLScalar {}

extension DateCoding {
    /// The date that `text` writes in this format.
    func date(fromXMLText text: String, codingPath: [any CodingKey]) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let date: Date?
        switch self {
        case .iso8601: date = ISO8601DateDecoding.date(from: trimmed)
        case .secondsSince1970: date = Double(trimmed).map { Date(timeIntervalSince1970: $0) }
        case .millisecondsSince1970: date = Double(trimmed).map { Date(timeIntervalSince1970: $0 / 1000) }
        }
        guard let date else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "expected a date (\(self)), found '\(trimmed)'"))
        }
        return date
    }

    /// The text of `date` in this format.
    func xmlText(of date: Date) -> String {
        switch self {
        case .iso8601: date.formatted(.iso8601)
        case .secondsSince1970: Self.number(date.timeIntervalSince1970)
        case .millisecondsSince1970: Self.number(date.timeIntervalSince1970 * 1000)
        }
    }

    /// A whole number without a fraction, anything else as Swift writes it.
    private static func number(_ value: Double) -> String {
        if let whole = Int64(exactly: value) { return String(whole) }
        return String(value)
    }
}
