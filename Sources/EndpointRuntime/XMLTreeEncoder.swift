import Foundation

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
