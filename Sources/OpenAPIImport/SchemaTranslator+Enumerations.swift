import EndpointSpec
import YAML

/// `enum` schemas: open enumerations of strings, or of integers or numbers (`type: integer, enum: [0, 10, 20]`), which
/// keep their raw type so that a value is sent as the number it is.
extension SchemaTranslator {
    /// The raw type of an `enum` schema: `String` for strings, an integer type (by `format`) for integers, `Double` for
    /// numbers; without a `type`, the one all values share. `nil` when the values do not share one (or a number has a
    /// `decimal` format, which `Double` cannot hold): the schema is then no enumeration.
    func enumRawType(_ schema: DocumentNode) -> TypeRef? {
        let names = typeNames(schema)
        if names == ["string"] { return .string }  // before resolving the values, which a string enum need not
        let values = (schema["enum"]?.items ?? []).map(\.node.resolved).filter { $0 != .null }
        let integers = values.allSatisfy { if case .int = $0 { true } else { false } }
        let numbers = values.allSatisfy { switch $0 { case .int, .double: true; default: false } }
        switch names {
        case ["integer"]:
            guard integers else { return nil }
            switch schema.text("format") {
            case "int32": return .int32
            case "int64": return .int64
            default: return .int
            }
        case ["number"]: return numbers && schema.text("format") != "decimal" ? .double : nil
        case []:
            if values.allSatisfy({ if case .string = $0 { true } else { false } }) { return .string }
            return integers ? .int : numbers ? .double : nil
        default: return nil
        }
    }

    /// The values that can name a case, in order, without repeats: for strings, not empty and not only punctuation; for
    /// numbers, those of the raw type (a repeat by value, `10` and `10.0`, is one).
    func enumValues(_ schema: DocumentNode, rawType: TypeRef) -> [DocumentNode] {
        var seen: Set<String> = []
        return (schema["enum"]?.items ?? []).filter { item in
            guard !item.node.isNull, let text = Self.caseValue(item, rawType: rawType) else { return false }
            if rawType == .string, text.isEmpty || SwiftName.member(text) == "_" { return false }
            return seen.insert(text).inserted
        }
    }

    /// A case's value as the spec writes it: the text of a string, a number in one form (`10`, `0.5`); `nil` for a value
    /// that is not of the raw type.
    private static func caseValue(_ item: DocumentNode, rawType: TypeRef) -> String? {
        switch (rawType, item.node.resolved) {
        case (.string, _): item.node.text
        case (.int32, .int(let number)): Int32(exactly: number).map { String($0) }
        case (.int, .int(let number)), (.int64, .int(let number)), (.double, .int(let number)): String(number)
        case (.double, .double(let number)): number.isFinite ? String(number) : nil
        default: nil
        }
    }

    func enumCases(_ schema: DocumentNode, model: String, rawType: TypeRef) -> [EnumCase] {
        let all = schema["enum"]?.items ?? []
        if rawType == .string {
            if all.contains(where: { $0.node.text == "" }) {
                diagnostics.warning("the empty string is not supported as a case of enum '\(model)'; it is left out of the known values (the open enum still accepts it)", at: schema.location)
            }
            for item in all where item.node.text.map({ !$0.isEmpty && SwiftName.member($0) == "_" }) == true {
                diagnostics.warning("the case '\(item.node.text ?? "")' of enum '\(model)' has no letters or digits to make a Swift name of; it is left out of the known values (the open enum still accepts it)", at: item.location)
            }
        }
        var swiftNames: [String: String] = [:]
        return enumValues(schema, rawType: rawType).compactMap { item in
            let value = Self.caseValue(item, rawType: rawType) ?? ""
            let swiftName = EnumCase.swiftName(value, rawType: rawType)
            if let earlier = swiftNames[swiftName] {
                diagnostics.warning("the cases '\(earlier)' and '\(value)' of enum '\(model)' both become the Swift name '\(swiftName)'; '\(value)' is left out of the known values (the open enum still accepts it)", at: item.location)
                return nil
            }
            swiftNames[swiftName] = value
            return EnumCase(value: value, location: item.location)
        }
    }
}
