/// How a model property is written in XML bodies: the spec's `xml:` key of a property.
public enum XMLMark: Equatable, Sendable {
    /// `xml: attribute`: an attribute of the model's element (a scalar property).
    case attribute
    /// `xml: flattened`: a list whose items repeat as elements named by the key, without a wrapper.
    case flattened
    /// `xml: wrapped`, or `xml: { wrapped: Item }`: a list inside an element named by the key, each item an element
    /// named `item` (any name when `nil`).
    case wrapped(item: String?)
}
