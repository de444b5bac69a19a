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
