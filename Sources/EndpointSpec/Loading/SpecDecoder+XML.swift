import YAML

extension SpecDecoder {
    /// The forms `xml:` takes, for messages.
    static let xmlMarkSpellings = "attribute, flattened, wrapped, or { wrapped: ITEM }"

    /// A property's `xml:` mark: `attribute`, `flattened`, `wrapped` or `{ wrapped: Item }`; lists only for arrays,
    /// attributes only for values written as text.
    func xmlMark(_ node: YAMLNode, type: TypeRef, context: String) -> XMLMark? {
        let mark: XMLMark
        if node.mapping != nil {
            guard let fields = fields(node, "the 'xml' of \(context)", allowed: ["wrapped"], required: ["wrapped"]),
                  let itemNode = fields["wrapped"], let item = string(itemNode, "the item element of \(context)")
            else { return nil }
            guard !item.isEmpty else {
                sink.error("the item element of \(context) is empty; write its name, e.g. { wrapped: Item }, or 'wrapped' for any", at: itemNode)
                return nil
            }
            mark = .wrapped(item: item)
        } else {
            guard let text = string(node, "the 'xml' of \(context)") else { return nil }
            switch text {
            case "attribute": mark = .attribute
            case "flattened": mark = .flattened
            case "wrapped": mark = .wrapped(item: nil)
            default:
                let hint = Suggestion.closest(to: text, in: ["attribute", "flattened", "wrapped"]).map { "; did you mean '\($0)'?" } ?? ""
                sink.error("unknown xml form '\(text)' of \(context)\(hint)", at: node, notes: [sink.note("'xml' is one of: \(Self.xmlMarkSpellings)", at: node)])
                return nil
            }
        }
        let isList: Bool = if case .array = type.unwrapped { true } else { false }
        switch mark {
        case .attribute where type.unwrapped.isCollection:
            sink.error("\(context) is '\(type)', which an XML attribute cannot hold; 'xml: attribute' is for text, numbers, booleans and dates", at: node)
            return nil
        case .flattened where !isList, .wrapped where !isList:
            sink.error("\(context) is '\(type)', not a list; 'xml: flattened' and 'xml: wrapped' are for arrays", at: node)
            return nil
        default:
            return mark
        }
    }
}

extension TypeRef {
    /// Whether the type is an array, a dictionary or any JSON value, none of which an attribute's text can hold.
    fileprivate var isCollection: Bool {
        switch self {
        case .array, .dictionary, .json: true
        default: false
        }
    }
}
