import EndpointSpec

extension SchemaTranslator {
    /// The types of every schema under `components/schemas`, each built as a model when it is one (named after its key):
    /// what a document without `paths` (OpenAPI 3.1, a document of shared types) has to give.
    func componentSchemaTypes(_ root: DocumentNode) -> [TypeRef] {
        (root["components"]?["schemas"]?.members ?? []).compactMap { member in
            let reference = Self.referenceNode(Self.componentPointer(member.key), at: member.location, in: root.file)
            return type(reference, name: member.key).typeRef
        }
    }
}
