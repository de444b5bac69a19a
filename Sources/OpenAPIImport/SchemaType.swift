import EndpointSpec

/// A schema translated to our types, or the reason it cannot be.
enum SchemaType: Equatable {
    /// A type the spec model expresses, e.g. `[Pet]?`.
    case type(TypeRef)
    /// What our types cannot express, worded to complete "... is ...", e.g. `a free-form object`.
    case unsupported(String)

    /// The type, if supported.
    var typeRef: TypeRef? {
        if case .type(let type) = self { return type }
        return nil
    }

    /// `T?` for a supported `T` that is not optional yet.
    var optional: SchemaType {
        guard case .type(let type) = self, !type.isOptional else { return self }
        return .type(.optional(type))
    }

    /// The type made optional when `condition` holds.
    func optional(if condition: Bool) -> SchemaType { condition ? optional : self }

    /// The type changed by `transform`, if supported.
    func map(_ transform: (TypeRef) -> TypeRef) -> SchemaType {
        guard case .type(let type) = self else { return self }
        return .type(transform(type))
    }

    /// `[T]` for a supported `T`.
    var array: SchemaType {
        guard case .type(let type) = self else { return self }
        return .type(.array(type))
    }
}
