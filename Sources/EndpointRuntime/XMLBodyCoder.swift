import Foundation

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
    /// of every decoded body. `nil`: none written, any read.
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
