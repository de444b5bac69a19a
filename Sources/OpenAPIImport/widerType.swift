import EndpointSpec

/// The type that holds every value of both `a` and `b`, for a member two documents of one API type differently (one
/// Kubernetes release's document types `imagePullPolicy` as a string, another's as an enumeration of its values); `nil`
/// when neither holds the other's values, which one client cannot merge.
///
/// - An open enumeration of strings holds any string (unknown values decode), so it is wider than `String`.
/// - A `oneOf` without a discriminator holds each of its alternatives' values: `IntOrString` is wider than `String`.
/// - An object whose members include all of another's (alike, the others optional or defaulted) holds its values:
///   `TypedObjectReference` (`apiGroup`, `kind`, `name`, `namespace?`) is wider than `TypedLocalObjectReference`.
/// - Optionals, arrays and dictionaries are wider element by element; a value either side may leave out is optional.
///
/// `models` looks up the models both documents name.
func widerType(_ a: TypeRef, _ b: TypeRef, models: (String) -> Model?) -> TypeRef? {
    if a == b { return a }
    switch (a, b) {
    case (.optional(let x), .optional(let y)), (.optional(let x), let y), (let x, .optional(let y)):
        return widerType(x, y, models: models).map(TypeRef.optional)
    case (.array(let x), .array(let y)):
        return widerType(x, y, models: models).map(TypeRef.array)
    case (.dictionary(let x), .dictionary(let y)):
        return widerType(x, y, models: models).map(TypeRef.dictionary)
    default:
        if holds(a, everyValueOf: b, models: models) { return a }
        if holds(b, everyValueOf: a, models: models) { return b }
        return nil
    }
}

/// Whether every JSON value of `narrow` decodes as `wide` and encodes back the same.
private func holds(_ wide: TypeRef, everyValueOf narrow: TypeRef, models: (String) -> Model?) -> Bool {
    guard case .model(let name) = wide, let model = models(name) else { return false }
    switch model.kind {
    case .enumeration(_, let rawType):
        if narrow == rawType { return true }
        guard case .model(let other) = narrow, case .enumeration(_, let otherRaw)? = models(other)?.kind else { return false }
        return otherRaw == rawType
    case .oneOf(let oneOf):
        return oneOf.discriminator == nil && oneOf.alternatives.contains { $0.type == narrow }
    case .object(let wideMembers):
        guard case .model(let other) = narrow, let narrowModel = models(other), case .object(let narrowMembers) = narrowModel.kind,
              model.additionalProperties == narrowModel.additionalProperties || narrowModel.additionalProperties == nil
        else { return false }
        let alike = narrowMembers.allSatisfy { member in
            wideMembers.contains { sameIgnoringLocations(undescribed(member), undescribed($0)) }
        }
        let extrasOptional = wideMembers.allSatisfy { member in
            narrowMembers.contains { $0.name == member.name } || member.type.isOptional || member.defaultValue != nil
        }
        return alike && extrasOptional
    }
}

/// The member without its description, which is a doc comment only.
private func undescribed(_ member: Property) -> Property {
    var member = member
    member.description = nil
    return member
}
