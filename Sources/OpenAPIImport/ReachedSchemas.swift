public import Diagnostics
public import EndpointSpec
import YAML

// For the fidelity harness (Tests/Fidelity): which schemas the imported operations reach, each with the generated type
// that decodes and encodes its values, and the document as the importer reads it, as JSON that an instance generator
// can walk (each schema mapping carries the lines it spans, so that a loss can be matched with a located warning).

/// A schema that an imported operation reaches: a JSON request body or response, or a component one of them refers to.
public struct ReachedSchema: Equatable, Sendable {
    /// Where the schema is in ``DocumentSchemas/documentJSON``, e.g. `/components/schemas/Pet`.
    public var pointer: String
    /// The type the generated client decodes and encodes its values as.
    public var type: TypeRef
    /// Where the schema is written.
    public var location: SourceLocation
}

/// The schemas of a document that its imported operations reach: ``OpenAPIImporter/reachedSchemas(text:path:options:readFile:)``.
public struct DocumentSchemas: Sendable {
    /// The imported spec and its warnings, as `OpenAPIImporter.load` gives them.
    public var loaded: LoadedSpec
    /// The document as the importer reads it (a Swagger 2.0 document in OpenAPI 3.0 shape) as JSON text; every mapping
    /// has a member `x-fidelity-lines`, `[line, column, line, column]`: where it starts (its key, for a member's value)
    /// and where the last value inside it starts, in its file (columns matter in a JSON document on one line).
    public var documentJSON: String
    /// Every schema reached, once each, in document order of first use; only those whose type the spec keeps.
    public var reached: [ReachedSchema]
    /// How many reached schemas have no type the client keeps (their values are checked inside the types that hold them).
    public var untyped: Int

    /// The spec reduced to what decoding and encoding `schemas` needs: no endpoints, and the models their types reach.
    public func spec(for schemas: [ReachedSchema]) -> Spec { loaded.spec.reduced(toModelsReachedFrom: schemas.map(\.type)) }
}

extension OpenAPIImporter {
    /// Imports a document (as `importDocument` does) and lists the schemas its imported operations reach: the JSON
    /// bodies of requests and responses, and every component schema those refer to, directly or through others.
    public static func reachedSchemas(
        text: String, path: String, options: ImportOptions = .init(), readFile: @escaping (String) throws -> String
    ) throws(DiagnosticError) -> DocumentSchemas {
        let translation = try translate(text: text, path: path, options: options, readFile: readFile)
        var walker = ReachedSchemaWalker(schemas: translation.schemas, kept: Set(translation.loaded.spec.models.map(\.name)), file: path)
        walker.collect(paths: translation.paths, options: options)
        // The root as the importer reads it (a Swagger 2.0 document translated): what `#` refers to from the paths.
        let root = translation.schemas.documents.resolve("#", from: translation.paths)?.target.node ?? translation.paths.node
        return DocumentSchemas(loaded: translation.loaded, documentJSON: FidelityJSON.text(root), reached: walker.reached, untyped: walker.untyped)
    }
}

/// Walks the imported operations for the schemas they reach.
struct ReachedSchemaWalker {
    let schemas: SchemaTranslator
    let kept: Set<String>
    let file: String
    var reached: [ReachedSchema] = []
    var untyped = 0
    private var visited: Set<String> = []

    init(schemas: SchemaTranslator, kept: Set<String>, file: String) {
        self.schemas = schemas
        self.kept = kept
        self.file = file
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
                let here = "/paths/\(Self.escape(path))/\(key)"
                if let body = operation["requestBody"] {
                    let (node, pointer) = located(body, at: here + "/requestBody")
                    collect(content: node["content"], at: pointer + "/content")
                }
                for (status, _, rawResponse) in operation["responses"]?.members ?? [] {
                    let (response, pointer) = located(rawResponse, at: here + "/responses/\(Self.escape(status))")
                    collect(content: response["content"], at: pointer + "/content")
                }
            }
        }
    }

    /// A node with its pointer: a reference's target and the target's pointer, or the node where it is.
    private func located(_ node: DocumentNode, at pointer: String) -> (DocumentNode, String) {
        guard let reference = node.reference, let (target, key) = schemas.documents.resolve(reference, from: node) else { return (node, pointer) }
        return (schemas.dereferenced(target), key.hasPrefix(file + "#") ? String(key.dropFirst(file.count + 1)) : pointer)
    }

    private mutating func collect(content: DocumentNode?, at pointer: String) {
        for (mediaType, _, media) in content?.members ?? [] where mediaType.lowercased().contains("json") {
            guard let schema = media["schema"] else { continue }
            take(schema, at: pointer + "/\(Self.escape(mediaType))/schema")
        }
    }

    /// A schema reached at `pointer`: itself (or the component it refers to), then every component inside it.
    private mutating func take(_ schema: DocumentNode, at pointer: String) {
        var pointer = pointer
        var node = schema
        if let reference = schema.reference, let (target, key) = schemas.documents.resolve(reference, from: schema) {
            guard key.hasPrefix(file + "#") else { return }
            pointer = String(key.dropFirst(file.count + 1))
            node = target
        }
        guard visited.insert(pointer).inserted else { return }
        if let type = schemas.type(schema, name: "").typeRef, type.modelNames.allSatisfy(kept.contains) {
            reached.append(ReachedSchema(pointer: pointer, type: type, location: node.location))
        } else {
            untyped += 1
        }
        references(in: node)
    }

    /// Every `$ref` inside a schema, taken in turn.
    private mutating func references(in node: DocumentNode) {
        if node.reference != nil {
            take(node, at: "")
            return
        }
        for (key, _, value) in node.members where !["example", "examples", "default", "enum", "const"].contains(key) { references(in: value) }
        for item in node.items { references(in: item) }
    }

    /// A JSON pointer token: `~` as `~0`, `/` as `~1`.
    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}

/// The document as JSON text, for the harness's instance generator.
enum FidelityJSON {
    static func text(_ node: YAMLNode) -> String {
        var output = ""
        write(node, to: &output)
        return output
    }

    /// Writes `node` (the value of the key at `key`, where its span starts); returns where the last value in it starts.
    @discardableResult
    private static func write(_ node: YAMLNode, key: SourceLocation? = nil, to output: inout String) -> SourceLocation {
        switch node.content {
        case .scalar:
            write(node.resolved, to: &output)
            return node.location
        case .sequence(let items):
            output += "["
            var last = node.location
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                last = max(last, write(item, to: &output))
            }
            output += "]"
            return last
        case .mapping(let pairs):
            output += "{"
            var last = node.location
            for pair in pairs {
                string(pair.key.text ?? "", to: &output)
                output += ":"
                last = max(last, write(pair.value, key: pair.key.location, to: &output))
                output += ","
            }
            let first = min(key ?? node.location, node.location, pairs.first?.key.location ?? node.location)
            output += "\"x-fidelity-lines\":[\(first.line),\(first.column),\(last.line),\(last.column)]}"
            return last
        }
    }

    private static func write(_ value: YAMLValue, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number): output += number.isFinite ? "\(number)" : "null"
        case .string(let text): string(text, to: &output)
        case .array(let items):
            output += "[" + items.map { item in var text = ""; write(item, to: &text); return text }.joined(separator: ",") + "]"
        case .object(let members):
            output += "{" + members.map { member in
                var text = ""
                string(member.key, to: &text)
                text += ":"
                write(member.value, to: &text)
                return text
            }.joined(separator: ",") + "}"
        }
    }

    private static func string(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20: output += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
