import Diagnostics

/// Schemas that only annotate another: `allOf` with one schema and annotation-only parts.
///
/// kube-openapi writes every reference that carries a default as `allOf: [{$ref: X}]` beside `default: {}`, and OpenAPI
/// 3.0 documents write a nullable reference as `allOf: [{$ref: X}, {nullable: true}]`. Both are the type `X` (optional when
/// nullable), not a copy of `X` named after the property that holds it.
extension SchemaTranslator {
    /// Keys that describe a value without constraining its shape; a schema of only these (and extensions) adds no type.
    static let annotationKeys: Set<String> = [
        "description", "title", "default", "example", "examples", "nullable", "deprecated", "readOnly", "writeOnly",
        "externalDocs", "xml", "$comment",
    ]

    /// The one part an `allOf` wrapper stands for, or `nil` when the schema is no such wrapper.
    ///
    /// A wrapper has nothing beside `allOf` but annotations, and all its parts but one are annotations too (`{nullable: true}`,
    /// `{type: "null"}`, `{description: …}`).
    func wrappedSchema(_ schema: DocumentNode) -> DocumentNode? {
        guard let parts = schema["allOf"]?.items, schema.members.allSatisfy({ $0.key == "allOf" || isAnnotation($0.key) }) else { return nil }
        let substantive = parts.filter { !isAnnotationOnly($0) }
        return substantive.count == 1 ? substantive[0] : nil
    }

    /// Whether an `allOf` part only annotates (or allows `null`): it adds no type of its own.
    func isAnnotationOnly(_ part: DocumentNode) -> Bool {
        guard part.reference == nil, part.node.mapping != nil else { return false }
        return part.members.allSatisfy { isAnnotation($0.key) || ($0.key == "type" && $0.value.node.text == "null") }
    }

    /// Whether an `allOf` part says the value may be `null`: `{nullable: true}` or `{type: "null"}`.
    func isNullPart(_ part: DocumentNode) -> Bool {
        isAnnotationOnly(part) && (part.flag("nullable") || part.text("type") == "null")
    }

    private func isAnnotation(_ key: String) -> Bool {
        Self.annotationKeys.contains(key) || key.hasPrefix("x-")
    }
}

extension SchemaTranslator {
    /// Builds the model of a referenced object schema before its properties are used elsewhere, so that the inline types of
    /// those properties are named after the schema that owns them (`Pet.status` is `PetStatus`), not after their first use
    /// (an operation whose body lists `Pet`'s properties would make it `UpdatePetStatus`).
    func buildOwner(_ schema: DocumentNode) {
        guard schema.reference != nil || wrappedSchema(schema)?.reference != nil, shape(schema).isObject else { return }
        _ = type(schema, name: "")
    }
}
