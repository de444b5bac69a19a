import Diagnostics
import EndpointSpec

extension OperationTranslator {
    /// The headers the success response declares (`Location`, `Last-Modified`, `X-Rate-Limit`...), read through the
    /// generated `…WithResponse` variant: optional unless the header is `required`; a type a header cannot be read
    /// as is a `String`, with a warning. (`Content-Type` is left out, as OpenAPI says.)
    func responseHeaders(_ operation: DocumentNode, context: OperationContext) -> [ResponseHeader] {
        let successes = (operation["responses"]?.members ?? []).filter { $0.key.hasPrefix("2") }
        guard let success = successes.min(by: { $0.key.uppercased() < $1.key.uppercased() }) else { return [] }
        return (schemas.dereferenced(success.value)["headers"]?.members ?? []).compactMap { name, location, written in
            guard name.lowercased() != "content-type" else { return nil }
            if let reference = schemas.unresolvedReference(written) {
                diagnostics.warning("the response header '\(name)' of \(context) is the reference '\(reference)', which cannot be resolved; it is read as an optional String", at: written.location)
                return ResponseHeader(name: name, type: .optional(.string), location: location)
            }
            let header = schemas.dereferenced(written)
            let type = headerType(header, name: name, context: context)
            return ResponseHeader(name: name, type: header.flag("required") ? type : Self.optional(type), location: location)
        }
    }

    /// A header's type when the runtime can read it from the header's text; `String` (with a warning) otherwise.
    private func headerType(_ header: DocumentNode, name: String, context: OperationContext) -> TypeRef {
        guard let schema = header["schema"] else {
            diagnostics.warning("the response header '\(name)' of \(context) has no schema; it is read as a String", at: header.location)
            return .string
        }
        switch schemas.type(schema, name: context.typeName + SwiftName.type(name)) {
        case .type(let type) where ResponseHeader.allowedTypes.contains(type.unwrapped):
            return type.unwrapped
        case .type(let type):
            diagnostics.warning("the response header '\(name)' of \(context) has the type '\(type)', which EndpointGen cannot read from a header; it is read as a String", at: schema.location)
            return .string
        case .unsupported(let reason):
            diagnostics.warning("the response header '\(name)' of \(context) is \(reason), which EndpointGen cannot type; it is read as a String", at: schema.location)
            return .string
        }
    }
}
