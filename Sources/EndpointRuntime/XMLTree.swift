import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

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
