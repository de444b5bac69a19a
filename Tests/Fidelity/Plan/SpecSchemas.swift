import EndpointSpec
import Foundation

/// An EndpointGen spec's models as the JSON Schemas of the values they describe, in a document shaped as OpenAPI's
/// (`components.schemas`), so that the same instance generator walks them: a property whose type is optional may be
/// absent, and also `null` when it says `nullable: true`; with `required: true` it is never absent and may be `null`;
/// an enumeration is its listed values, a `oneOf` its alternatives.
/// Each schema spans the lines of its model (the model's name to its last property or alternative), a property's schema
/// the place of its name.
enum SpecSchemas {
    static func document(_ spec: Spec) -> String {
        var schemas: [String: Any] = [:]
        for model in spec.models { schemas[model.name] = schema(of: model) }
        let document: [String: Any] = ["components": ["schemas": schemas]]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private static func schema(of model: Model) -> [String: Any] {
        let first = model.location.line
        switch model.kind {
        case .object(let properties):
            var members: [String: Any] = [:]
            for property in properties {
                var member = schema(of: property.type)
                if property.null != .absent { member = ["anyOf": [member, ["type": "null"]]] }
                member["x-fidelity-lines"] = [property.location.line, property.location.column, property.location.line, property.location.column]
                if let value = property.defaultValue { member["default"] = json(value) }
                members[property.wireName] = member
            }
            let required = properties.filter { (!$0.type.isOptional || $0.null == .sent) && $0.defaultValue == nil }.map(\.wireName)
            let last = properties.map(\.location.line).max() ?? first
            return ["type": "object", "properties": members, "required": required, "additionalProperties": model.additionalProperties.map(schema(of:)) ?? false, "x-fidelity-lines": [first, 1, last, Int.max]]
        case .enumeration(let cases, let rawType):
            let lines = [first, 1, cases.map(\.location.line).max() ?? first, Int.max]
            switch rawType {
            case .string: return ["type": "string", "enum": cases.map(\.value), "x-fidelity-lines": lines]
            case .double: return ["type": "number", "enum": cases.compactMap { Double($0.value) }, "x-fidelity-lines": lines]
            default: return ["type": "integer", "enum": cases.compactMap { Int64($0.value) }, "x-fidelity-lines": lines]
            }
        case .oneOf(let oneOf):
            let alternatives = oneOf.alternatives.map { schema(of: $0.type) }
            return ["oneOf": alternatives, "x-fidelity-lines": [first, 1, oneOf.alternatives.map(\.location.line).max() ?? first, Int.max]]
        }
    }

    /// A spec value as `JSONSerialization` writes it.
    private static func json(_ value: SpecValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let flag): flag
        case .int(let number): number
        case .double(let number): number
        case .string(let text): text
        case .array(let items): items.map(json)
        case .object(let members): Dictionary(members.map { ($0.key, json($0.value)) }, uniquingKeysWith: { first, _ in first })
        }
    }

    private static func schema(of type: TypeRef) -> [String: Any] {
        switch type {
        case .string: ["type": "string"]
        case .int, .int64: ["type": "integer", "format": "int64"]
        case .int32: ["type": "integer", "format": "int32"]
        case .double: ["type": "number", "format": "double"]
        case .float: ["type": "number", "format": "float"]
        case .decimal: ["type": "number", "format": "decimal"]
        case .bool: ["type": "boolean"]
        case .date: ["type": "string", "format": "date-time"]
        case .data: ["type": "string", "format": "byte"]
        case .url: ["type": "string", "format": "uri"]
        case .uuid: ["type": "string", "format": "uuid"]
        case .json: [:]
        case .array(let element): ["type": "array", "items": schema(of: element)]
        case .dictionary(let value): ["type": "object", "additionalProperties": schema(of: value)]
        case .optional(let wrapped): schema(of: wrapped)
        case .model(let name): ["$ref": "#/components/schemas/" + name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")]
        }
    }
}
