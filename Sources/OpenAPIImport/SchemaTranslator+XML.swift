import Diagnostics
import EndpointSpec

extension SchemaTranslator {
    /// A property's `xml:` mark from the OpenAPI `xml` object written on it: `attribute: true` is `attribute`, a list
    /// with `wrapped: true` is `{ wrapped: ITEM }` (the items' own `xml.name`, else any), a list with an `xml` object but
    /// no `wrapped` is `flattened` (OpenAPI's lists repeat their items without a wrapper). What has no equivalent is a
    /// warning: `namespace` and `prefix` (names are matched by local name), a `name` other than the property's key (the
    /// key names the JSON member and the XML element alike), an item name in a flattened list (its items repeat the key).
    func xmlMark(_ raw: RawProperty, type: TypeRef, model: String) -> XMLMark? {
        guard let xml = raw.schema["xml"] else { return nil }
        let context = "property '\(raw.key)' of '\(model)'"
        for key in ["namespace", "prefix"] where xml[key] != nil {
            diagnostics.warning(
                "the XML \(key) of \(context) has no equivalent (XML bodies match elements and attributes by local name); it is ignored",
                at: xml[key]!.location)
        }
        if let name = xml.text("name"), name != raw.key {
            diagnostics.warning(
                "the XML name '\(name)' of \(context) has no equivalent (the key '\(raw.key)' names the JSON member and the XML element alike); it is ignored",
                at: xml["name"]!.location)
        }
        if xml.flag("attribute") {
            guard holdsText(type) else {
                diagnostics.warning("'attribute: true' of \(context) is ignored: an XML attribute holds text, numbers, booleans and dates, not a '\(type)'", at: xml["attribute"]!.location)
                return nil
            }
            return .attribute
        }
        guard type.unwrapped.isArray else { return nil }
        let itemName = raw.schema["items"].map(dereferenced)?["xml"]?.text("name")
        if xml.flag("wrapped") { return .wrapped(item: itemName) }
        if let itemName, itemName != raw.key {
            diagnostics.warning(
                "the XML item name '\(itemName)' of \(context) has no equivalent in a list without a wrapper, whose items repeat the key '\(raw.key)'; it is ignored",
                at: raw.schema["items"]!.location)
        }
        return .flattened
    }

    /// Whether an XML attribute can hold a value of the type: a scalar or a string enum.
    private func holdsText(_ type: TypeRef) -> Bool {
        switch type.unwrapped {
        case .array, .dictionary, .json, .optional: return false
        case .model(let name): if case .enumeration = models[name]?.kind { return true } else { return false }
        default: return true
        }
    }
}
