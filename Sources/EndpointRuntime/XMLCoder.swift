// EndpointRuntime: XML bodies: the body coder, the element tree and its Decoder and Encoder.

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

// MARK: - XMLBodyCoder

/// XML bodies (`application/xml`, `text/xml` and every `+xml` type), read with Foundation's `XMLParser`
/// (FoundationXML on Linux) into the generated `Codable` models.
///
/// Elements are matched by local name; a property the spec marks `xml: attribute` is an attribute, a list is
/// wrapped (`<Buckets><Bucket>…`) unless marked `xml: flattened` (`<Contents>` repeated), and dates are written as
/// `dateCoding` says. The root element's name is not checked when decoding; encoding names it after the value's type.
///
/// ```swift
/// var configuration = S3Client.defaultConfiguration
/// configuration.bodyCoders = [XMLBodyCoder(dateCoding: .iso8601, namespace: "http://s3.amazonaws.com/doc/2006-03-01/")]
/// ```
public struct XMLBodyCoder: BodyCoder {
    /// `application/xml` and `text/xml`.
    public let mediaTypes = ["application/xml", "text/xml"]
    /// How dates are written and read.
    public var dateCoding: DateCoding
    /// The namespace of the root element: written as its `xmlns`, and, when `matchesNamespace`, required of the root
    /// of every decoded body. `nil`: none written; a body in any namespace read, unless `matchesNamespace`, which then
    /// requires a root in no namespace.
    public var namespace: String?
    /// Whether a decoded body's root element must be in `namespace` (else namespaces are ignored).
    public var matchesNamespace: Bool

    /// An XML coder.
    public init(dateCoding: DateCoding = .iso8601, namespace: String? = nil, matchesNamespace: Bool = false) {
        self.dateCoding = dateCoding
        self.namespace = namespace
        self.matchesNamespace = matchesNamespace
    }

    /// `application/xml`, `text/xml`, and structured-syntax types such as `application/atom+xml`.
    public func handles(mediaType: String) -> Bool { mediaTypes.contains(mediaType) || mediaType.hasSuffix("+xml") }

    /// The XML document of `value`, whose root element is named after its type.
    public func encode(_ value: any Encodable) throws -> Data {
        let root = XMLTreeEncoder(box: XMLElementBox(name: Self.elementName(of: value)), dateCoding: dateCoding, itemName: "member", codingPath: [])
        try root.write(value)
        return root.box.finished.document(namespace: namespace)
    }

    /// The value the XML document `data` holds; its root element is the value.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let root = try XMLTree.parse(data)
        if matchesNamespace, root.namespace != namespace {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [], debugDescription: "the root element '\(root.name)' is in the namespace '\(root.namespace ?? "")', not '\(namespace ?? "")'"))
        }
        return try XMLTreeDecoder(value: .elements([root], form: .element), dateCoding: dateCoding, codingPath: []).decode(type)
    }

    /// The text of the first of `fields` that holds some: a field is a path of element names below the root
    /// (`Message` in `<Error><Message>…`), or from the root (`Error.Message`).
    public func errorMessage(in body: Data, fields: [String]) -> String? {
        guard let root = try? XMLTree.parse(body) else { return nil }
        for field in fields {
            let names = field.split(separator: ".").map(String.init)
            let fromRoot = names.first == root.name ? Array(names.dropFirst()) : nil
            for path in [names, fromRoot].compactMap({ $0 }) where !path.isEmpty {
                let text = path.reduce(Optional(root)) { element, name in element?.children(named: name).first }?.text
                if let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty { return text }
            }
        }
        return nil
    }

    /// A type's name as an element name: `Bucket` for `Bucket`, `Array` for `[Bucket]`.
    private static func elementName(of value: any Encodable) -> String {
        let name = String(describing: type(of: value))
        return String(name.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }
}

// MARK: - XMLCodingKey

/// How a property is written in XML, from the spec's `xml` mark of the property.
public enum XMLKeyForm: Sendable, Equatable {
    /// A child element named by the key (the default).
    case element
    /// An attribute of the element, named by the key.
    case attribute
    /// A list inside a wrapper element named by the key, each item an element named `item`
    /// (`<Buckets><Bucket>…</Bucket></Buckets>`); `nil` reads items of any name and writes `member`.
    case wrapped(item: String?)
    /// A list without a wrapper: each item is an element named by the key (`<Contents>` repeated); none is an empty list.
    case flattened
}

/// A coding key that says how its property is written in XML: generated `CodingKeys` conform to it when the spec
/// marks a property with `xml`. Keys of other types are elements (arrays wrapped, any item name).
public protocol XMLCodingKey: CodingKey {
    /// How the property of this key is written in XML.
    var xmlForm: XMLKeyForm { get }
}

extension CodingKey {
    /// The key's XML form: its own when it is an `XMLCodingKey`, else `.element`.
    var resolvedXMLForm: XMLKeyForm { (self as? any XMLCodingKey)?.xmlForm ?? .element }
}

// MARK: - XMLTree

/// An XML element as `XMLBodyCoder` reads and writes it: its local name, namespace, attributes, child elements and
/// text (the text directly inside it, child elements' text not included).
struct XMLTree: Sendable, Equatable {
    /// The local name, without a prefix: `Bucket` for `<s3:Bucket>`.
    var name: String
    /// The namespace URI, or `nil` when the element is in none.
    var namespace: String?
    /// The attributes by local name.
    var attributes: [String: String] = [:]
    /// The child elements, in document order.
    var children: [XMLTree] = []
    /// The character data directly inside the element.
    var text: String = ""

    /// The child elements named `name` (local names, namespaces ignored), in order.
    func children(named name: String) -> [XMLTree] {
        children.filter { $0.name == name }
    }

    /// The root element of an XML document; throws `DecodingError.dataCorrupted` (at the root) when `data` is not
    /// well-formed XML.
    static func parse(_ data: Data) throws -> XMLTree {
        let parser = XMLParser(data: data)
        let builder = XMLTreeBuilder()
        parser.shouldProcessNamespaces = true
        // A document may not make the parser fetch anything: no external entities, no DTDs.
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            let reason = parser.parserError.map { "\($0)" } ?? "no root element"
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the body is not valid XML (\(reason))"))
        }
        return root
    }

    /// The document: an XML declaration and this element, with `namespace` as the root's default namespace.
    func document(namespace: String?) -> Data {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        write(to: &text, namespace: namespace)
        return Data(text.utf8)
    }

    private func write(to text: inout String, namespace: String?) {
        text += "<" + name
        if let namespace { text += " xmlns=\"\(Self.escaped(namespace, quotes: true))\"" }
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
            text += " \(key)=\"\(Self.escaped(value, quotes: true))\""
        }
        guard !children.isEmpty || !self.text.isEmpty else {
            text += "/>"
            return
        }
        text += ">" + Self.escaped(self.text, quotes: false)
        for child in children { child.write(to: &text, namespace: nil) }
        text += "</\(name)>"
    }

    /// `text` with the characters markup gives meaning to written as entities.
    static func escaped(_ text: String, quotes: Bool) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "\r": result += "&#13;"
            default: result.append(character)
            }
        }
        return result
    }
}

/// Builds an `XMLTree` from `XMLParser`'s events. Used by one parse on one thread, then dropped.
private final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    /// The open elements, innermost last.
    private var stack: [XMLTree] = []
    private(set) var root: XMLTree?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        var attributes: [String: String] = [:]
        for (key, value) in attributeDict {
            // Prefixed attributes (`xsi:type`) are kept under their local names.
            attributes[key.split(separator: ":").last.map(String.init) ?? key] = value
        }
        stack.append(XMLTree(name: elementName, namespace: namespaceURI.flatMap { $0.isEmpty ? nil : $0 }, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard var element = stack.popLast() else { return }
        // Indentation between child elements is not text.
        if !element.children.isEmpty && element.text.allSatisfy(\.isWhitespace) { element.text = "" }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }
}

// MARK: - XMLTreeDecoder

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
        case .iso8601: date = ISO8601DateText.date(from: trimmed)
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
        case .iso8601: ISO8601DateText.text(of: date)
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

// MARK: - XMLTreeEncoder

/// An element being written by `XMLTreeEncoder`. A class because the containers of one element share it; it lives
/// only during one `XMLBodyCoder.encode` call, on one thread.
final class XMLElementBox {
    var tree: XMLTree
    /// The elements written inside, in order (copied into `tree` by `finished`).
    var children: [XMLElementBox] = []

    init(name: String) { tree = XMLTree(name: name) }

    /// The element with everything written into it.
    var finished: XMLTree {
        var result = tree
        result.children = children.map(\.finished)
        return result
    }
}

/// An `Encoder` writing into an element: a keyed container writes child elements (and attributes, for keys marked so),
/// an unkeyed one items (elements named `itemName`), a single value the text.
struct XMLTreeEncoder: Encoder {
    let box: XMLElementBox
    let dateCoding: DateCoding
    /// The name of each item of a list written here.
    let itemName: String
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(XMLKeyedEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { XMLUnkeyedEncodingContainer(encoder: self) }

    func singleValueContainer() -> any SingleValueEncodingContainer { XMLSingleValueEncodingContainer(encoder: self) }

    /// `value` written into this encoder's element: scalars, dates, `Data` and URLs as text, anything else through
    /// its `encode(to:)`.
    func write<T: Encodable>(_ value: T) throws {
        if let scalar = value as? any XMLScalar {
            box.tree.text = scalar.xmlText
        } else if let text = value as? String {
            box.tree.text = text
        } else if let date = value as? Date {
            box.tree.text = dateCoding.xmlText(of: date)
        } else if let data = value as? Data {
            box.tree.text = data.base64EncodedString()
        } else if let url = value as? URL {
            box.tree.text = url.absoluteString
        } else {
            try value.encode(to: self)
        }
    }

    /// An encoder for a new element `name` below this one (not yet added).
    func child(named name: String, at key: any CodingKey, itemName: String = "member") -> XMLTreeEncoder {
        XMLTreeEncoder(box: XMLElementBox(name: name), dateCoding: dateCoding, itemName: itemName, codingPath: codingPath + [key])
    }
}

private struct XMLKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: XMLTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    /// A nil value is left out: an absent element or attribute.
    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let name = key.stringValue
        switch key.resolvedXMLForm {
        case .attribute:
            let scratch = encoder.child(named: name, at: key)
            try scratch.write(value)
            encoder.box.tree.attributes[name] = scratch.box.tree.text
        case .flattened:
            // Each item becomes an element named by the key, directly in this element.
            let scratch = encoder.child(named: name, at: key, itemName: name)
            try scratch.write(value)
            encoder.box.children += scratch.box.children
        case .wrapped(let item):
            let child = encoder.child(named: name, at: key, itemName: item ?? "member")
            try child.write(value)
            encoder.box.children.append(child.box)
        case .element:
            let child = encoder.child(named: name, at: key)
            try child.write(value)
            encoder.box.children.append(child.box)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.child(named: key.stringValue, at: key)
        encoder.box.children.append(child.box)
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = encoder.child(named: key.stringValue, at: key)
        encoder.box.children.append(child.box)
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { encoder }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = encoder.child(named: key.stringValue, at: key)
        encoder.box.children.append(child.box)
        return child
    }
}

private struct XMLUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: XMLTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.box.children.count }

    /// The encoder of a new item, added to the list.
    private func nextItem() -> XMLTreeEncoder {
        let item = encoder.child(named: encoder.itemName, at: XMLIndexKey(intValue: count))
        encoder.box.children.append(item.box)
        return item
    }

    /// A nil item is written as an empty element, which keeps the positions of the others.
    mutating func encodeNil() throws { _ = nextItem() }

    mutating func encode<T: Encodable>(_ value: T) throws { try nextItem().write(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nextItem().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nextItem().unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { nextItem() }
}

private struct XMLSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: XMLTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Nil is an empty element.
    mutating func encodeNil() throws {}

    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.write(value) }
}
