public import Diagnostics
public import EndpointSpec
import YAML

/// One `example` (or one of `examples`) of an OpenAPI document, with the generated type it must decode as.
public struct DocumentExample: Equatable, Sendable {
    /// Where the example's value is written.
    public var location: SourceLocation
    /// The type the generated client decodes that value as, e.g. `Pet` or `[Pet]?`.
    public var type: TypeRef
    /// The value as compact JSON text.
    public var json: String
    /// The value, as the importer compares it with the models.
    var value: SpecValue
}

/// The examples of a document and the spec they are checked against: ``OpenAPIImporter/examples(text:path:options:readFile:)``.
public struct DocumentExamples: Sendable {
    /// The imported spec, as `OpenAPIImporter.load` gives it.
    public var loaded: LoadedSpec
    /// Every example whose type the client has, in document order.
    public var examples: [DocumentExample]
    /// Examples that cannot be checked, with the reason (a non-JSON media type, an `externalValue`, a number JSON cannot
    /// hold), as warnings at the example.
    public var unchecked: [Diagnostic]

    /// The spec reduced to what decoding the examples needs: no endpoints, and the models the examples' types reach.
    public var checkedSpec: Spec { loaded.spec.reduced(toModelsReachedFrom: examples.map(\.type)) }
}

extension OpenAPIImporter {
    /// Imports a document (as `importDocument` does) and collects the `example` and `examples` values of the schemas,
    /// parameters and media types of the operations it imports, each with the generated type it must decode as.
    ///
    /// A schema's examples are checked against the schema's own type (a component's model, a property's type); a
    /// parameter's against its schema's; a JSON media type's (`application/json`, `…+json`) against its schema's.
    /// `examples` maps of Example Objects are followed through `$ref`s to their `value`.
    public static func examples(
        text: String, path: String, options: ImportOptions = .init(), readFile: @escaping (String) throws -> String
    ) throws(DiagnosticError) -> DocumentExamples {
        let translation = try translate(text: text, path: path, options: options, readFile: readFile)
        var collector = ExampleCollector(schemas: translation.schemas, kept: Set(translation.loaded.spec.models.map(\.name)))
        collector.collect(paths: translation.paths, options: options)
        return DocumentExamples(loaded: translation.loaded, examples: collector.examples, unchecked: collector.unchecked)
    }
}

/// Walks the imported operations of a document for their examples.
struct ExampleCollector {
    let schemas: SchemaTranslator
    /// The models the spec keeps: an example whose type names another model has nothing generated to decode into.
    let kept: Set<String>
    var examples: [DocumentExample] = []
    var unchecked: [Diagnostic] = []
    /// Schemas already walked, by identity: a component reached a thousand times is walked once.
    private var visited: Set<NodeIdentity> = []
    /// Example values already taken, by location: a value shared through a `$ref` is checked once.
    private var taken: Set<NodeIdentity> = []

    init(schemas: SchemaTranslator, kept: Set<String>) {
        self.schemas = schemas
        self.kept = kept
    }

    mutating func collect(paths: DocumentNode, options: ImportOptions) {
        let operationNames = OperationNames(paths: paths, schemas: schemas)
        for (path, _, rawItem) in paths.members {
            let item = schemas.dereferenced(rawItem)
            for (key, _) in OperationTranslator.methods {
                guard let written = item[key] else { continue }
                let operation = schemas.dereferenced(written)
                let names = operationNames.filterNames(path: path, method: key, operationId: operation.text("operationId"))
                let tags = operation["tags"]?.items.compactMap(\.node.text) ?? []
                guard options.includes(tags: tags, path: path, names: names) else { continue }
                for parameter in (item["parameters"]?.items ?? []) + (operation["parameters"]?.items ?? []) {
                    collect(parameterOrHeader: schemas.dereferenced(parameter))
                }
                if let body = operation["requestBody"] { collect(content: schemas.dereferenced(body)["content"]) }
                for (_, _, rawResponse) in operation["responses"]?.members ?? [] {
                    let response = schemas.dereferenced(rawResponse)
                    collect(content: response["content"])
                    for (_, _, header) in response["headers"]?.members ?? [] { collect(parameterOrHeader: schemas.dereferenced(header)) }
                }
            }
        }
    }

    /// A parameter or header: its schema's examples, its own against its schema (as text sent: `"true"` is a
    /// boolean's), and its `content`.
    private mutating func collect(parameterOrHeader node: DocumentNode) {
        if let schema = node["schema"] {
            walk(schema: schema)
            let schemas = schemas
            take(node, as: schema, examplesAreObjects: true, asText: true) { schemas.parameterType($0, widenedFor: node, context: nil) }
        }
        collect(content: node["content"])
    }

    private mutating func collect(content: DocumentNode?) {
        for (mediaType, _, media) in content?.members ?? [] {
            guard let schema = media["schema"] else { continue }
            walk(schema: schema)
            let lowered = mediaType.lowercased()
            if lowered.hasPrefix("application/x-www-form-urlencoded") || lowered.hasPrefix("multipart/form-data") {
                // A form's values are text on the wire: `"Beta": "true"` is the boolean's example.
                take(media, as: schema, examplesAreObjects: true, asText: true)
                continue
            }
            guard lowered.contains("json") else {
                for value in values(of: media, examplesAreObjects: true) {
                    note(value, "the example of media type '\(mediaType)' is not checked: only JSON examples are")
                }
                continue
            }
            take(media, as: schema, examplesAreObjects: true)
        }
    }

    /// A schema's own examples, then those of every schema inside it (properties, items, maps, compositions, targets).
    private mutating func walk(schema: DocumentNode) {
        guard visited.insert(schema.identity).inserted else { return }
        if schema.reference != nil {
            let target = schemas.dereferenced(schema)
            if target.reference == nil { walk(schema: target) }
        }
        take(schema, as: schema, examplesAreObjects: false)
        for (_, _, property) in schema["properties"]?.members ?? [] { walk(schema: property) }
        for key in ["items", "additionalProperties", "not"] {
            if let inner = schema[key], inner.node.mapping != nil { walk(schema: inner) }
        }
        for key in ["allOf", "oneOf", "anyOf"] {
            for part in schema[key]?.items ?? [] { walk(schema: part) }
        }
    }

    /// The `example` and `examples` of `node`, to decode as the type of `schema`.
    ///
    /// A schema's `examples` is a list of values (OpenAPI 3.1); a parameter's or media type's is a map of Example
    /// Objects, each with a `value` (or an `externalValue`, which is not fetched).
    /// `asText`: the values are text as sent (a parameter, a form), so a string that spells a number or a boolean
    /// stands for it. `adjust` turns the schema's type into the one the client has (a parameter's widened type).
    private mutating func take(
        _ node: DocumentNode, as schema: DocumentNode, examplesAreObjects: Bool, asText: Bool = false, adjust: (TypeRef) -> TypeRef = { $0 }
    ) {
        let found = values(of: node, examplesAreObjects: examplesAreObjects)
        guard !found.isEmpty, let schemaType = schemas.type(schema, name: "").typeRef, schemaType.modelNames.allSatisfy(kept.contains) else { return }
        let type = adjust(schemaType)
        for value in found where taken.insert(value.identity).inserted {
            let resolved = asText ? coerced(SpecValue(value.node.resolved), to: type) : SpecValue(value.node.resolved)
            guard let json = Self.json(resolved) else {
                note(value, "the example is not checked: it holds a number that JSON cannot write (infinite or not a number)")
                continue
            }
            examples.append(DocumentExample(location: value.location, type: type, json: json, value: resolved))
        }
    }

    /// Text as sent read as the values it stands for: `"true"` where a `Bool` goes, `"12"` where an `Int` goes.
    private func coerced(_ value: SpecValue, to type: TypeRef) -> SpecValue {
        switch (type, value) {
        case (.optional(let wrapped), _): return coerced(value, to: wrapped)
        case (.array(let element), .array(let items)): return .array(items.map { coerced($0, to: element) })
        case (.bool, .string("true")): return .bool(true)
        case (.bool, .string("false")): return .bool(false)
        case (.int, .string(let text)), (.int32, .string(let text)), (.int64, .string(let text)):
            return Int(text).map(SpecValue.int) ?? value
        case (.double, .string(let text)), (.float, .string(let text)), (.decimal, .string(let text)):
            return Double(text).map { $0.isFinite ? SpecValue.double($0) : value } ?? value
        case (.model(let name), .object(let members)):
            guard case .object(let properties)? = schemas.models[name]?.kind else { return value }
            return .object(members.map { member in
                guard let property = properties.first(where: { $0.wireName == member.key }) else { return member }
                return SpecValue.Member(key: member.key, value: coerced(member.value, to: property.type))
            })
        default: return value
        }
    }

    private func values(of node: DocumentNode, examplesAreObjects: Bool) -> [DocumentNode] {
        guard !examplesAreObjects, let list = node["examples"], list.node.sequence != nil else { return schemas.exampleValues(of: node) }
        return (node["example"].map { [$0] } ?? []) + list.items
    }

    private mutating func note(_ value: DocumentNode, _ message: String) {
        guard taken.insert(value.identity).inserted else { return }
        unchecked.append(Diagnostic(.warning, message, at: value.location))
    }

    /// Compact JSON text of a value; `nil` for a number JSON cannot hold.
    static func json(_ value: SpecValue) -> String? {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return number.isFinite ? "\(number)" : nil
        case .string(let text): return SpecWriter.quoted(text)
        case .array(let items):
            let parts = items.compactMap(json)
            return parts.count == items.count ? "[" + parts.joined(separator: ",") + "]" : nil
        case .object(let members):
            let parts = members.compactMap { member in json(member.value).map { SpecWriter.quoted(member.key) + ":" + $0 } }
            return parts.count == members.count ? "{" + parts.joined(separator: ",") + "}" : nil
        }
    }
}
