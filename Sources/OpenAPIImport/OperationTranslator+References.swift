import Diagnostics

/// Operations written as a `$ref` (`get: {$ref: "resources/droplets/droplets_list.yml"}`).
///
/// OpenAPI allows `$ref` for a whole path item, not for one operation, but a large cloud provider's multi-file document
/// writes all its operations so, and tools such as Redocly resolve it. Ignoring it would leave every method hollow, so it is
/// resolved like any reference, with one warning per document saying the construct is not standard.
extension OperationTranslator {
    /// The operation a path item's method key holds, its `$ref` followed; `nil` when the reference leads nowhere (after
    /// the resolver's located warning).
    func resolvedOperation(_ written: DocumentNode) -> DocumentNode? {
        guard written.reference != nil else { return written }
        let target = schemas.dereferenced(written)
        guard target.reference == nil else { return nil }
        operationReferences.append(written.location)
        return target
    }

    /// The one warning about operation references, at the first.
    func reportOperationReferences() {
        guard let first = operationReferences.min() else { return }
        let count = operationReferences.count
        let which = count == 1 ? "an operation is" : "\(count) operations are"
        diagnostics.warning(
            "\(which) written as a '$ref', which OpenAPI does not define (it allows '$ref' for a whole path item, not an operation); the references are followed",
            at: first)
    }
}
