public import Diagnostics
public import EndpointSpec

/// One client made of several documents of one API (Kubernetes publishes a document per API group, each with the same
/// title and the same `ObjectMeta`), as `endpointgen generate a.json b.json` and the build tool plugin ask for when
/// the documents' clients have one name.
///
/// The first spec gives the name and whatever the others cannot add to. Endpoints and models are united by name: one
/// written identically (locations aside) in two documents is kept once; two objects that differ only by members one of
/// them lacks become one with every member (a member one document requires and another lacks becomes optional, with a
/// warning: that document's responses leave it out), and a member they type differently gets the type that holds the
/// values of both (an open enumeration rather than a string, `IntOrString` rather than a string), with a warning; any
/// other difference is an error at the later definition with a
/// note at the earlier, since one Swift type cannot be both. Auth schemes are united the same way. The server,
/// variables, defaults, policy, error policy and version are the first document's: each that another document says
/// differently is a warning there, so nothing a document says is dropped unsaid.
///
/// `documents` are the specs with the paths diagnostics name them by, in the order given.
public func mergeSpecs(_ documents: [(path: String, spec: Spec)]) -> (spec: Spec, diagnostics: [Diagnostic]) {
    guard var merged = documents.first?.spec else { preconditionFailure("mergeSpecs needs at least one spec") }
    var diagnostics: [Diagnostic] = []
    let hint = "give the documents different client names (--name, or the file names' first part for the build tool plugin) to keep them apart"
    /// Which document each endpoint, model and scheme came from, for the messages.
    var endpointSource = Dictionary(merged.endpoints.map { ($0.name, documents[0].path) }, uniquingKeysWith: { a, _ in a })
    var modelIndex = Dictionary(merged.models.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
    var modelSource = Dictionary(merged.models.map { ($0.name, documents[0].path) }, uniquingKeysWith: { a, _ in a })

    for (path, spec) in documents.dropFirst() {
        for endpoint in spec.endpoints {
            guard let index = merged.endpoints.firstIndex(where: { $0.name == endpoint.name }) else {
                merged.endpoints.append(endpoint)
                endpointSource[endpoint.name] = path
                continue
            }
            let first = merged.endpoints[index]
            guard !sameIgnoringLocations(first, endpoint) else { continue }
            diagnostics.append(Diagnostic(
                .error, "endpoint '\(endpoint.name)' of \(path) differs from the one of \(endpointSource[endpoint.name] ?? "")"
                    + " (\(endpoint.method.rawValue) \(endpoint.path), there \(first.method.rawValue) \(first.path)); \(hint)",
                at: endpoint.location,
                notes: [Diagnostic(.note, "'\(first.name)' is defined here", at: first.location)]))
        }
        let known = Dictionary((merged.models + spec.models).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for model in spec.models {
            guard let index = modelIndex[model.name] else {
                modelIndex[model.name] = merged.models.count
                modelSource[model.name] = path
                merged.models.append(model)
                continue
            }
            let united = unitedModel(merged.models[index], from: modelSource[model.name] ?? "", model, from: path, hint: hint, models: { known[$0] })
            diagnostics += united.diagnostics
            if let model = united.model { merged.models[index] = model }
        }
        let auth = unitedAuth(merged.auth, from: documents[0].path, spec.auth, from: path, hint: hint)
        diagnostics += auth.diagnostics
        merged.auth = auth.auth
        for variable in spec.variables {
            guard let first = merged.variables.first(where: { $0.name == variable.name }) else {
                merged.variables.append(variable)
                continue
            }
            if !sameIgnoringLocations(first, variable) {
                diagnostics.append(firstKept("variable '\(variable.name)'", at: variable.location, of: path, first: first.location))
            }
        }
        let kept: [(String, Bool, SourceLocation, SourceLocation)] = [
            ("the server (\(spec.server.scheme.rawValue)://\(spec.server.host)\(spec.server.basePath))",
             sameIgnoringLocations(merged.server, spec.server), spec.server.location, merged.server.location),
            ("the version", merged.version == spec.version, spec.location, merged.location),
            ("the default query items and headers", sameIgnoringLocations(merged.defaults, spec.defaults), spec.location, merged.location),
            ("the policy (timeouts, retries, dates)", sameIgnoringLocations(merged.policy, spec.policy), spec.location, merged.location),
            ("the error policy (message fields, fallback, error model)", merged.errors == spec.errors, spec.location, merged.location),
        ]
        for (what, same, location, first) in kept where !same {
            diagnostics.append(firstKept(what, at: location, of: path, first: first))
        }
    }
    return (merged, diagnostics)
}

/// The warning for what a later document says differently from the first, which the merged client keeps.
private func firstKept(_ what: String, at location: SourceLocation, of path: String, first: SourceLocation) -> Diagnostic {
    Diagnostic(
        .warning, "\(what) of \(path) differs from the first document's, which the merged client keeps", at: location,
        notes: [Diagnostic(.note, "the first document's is here", at: first)])
}

/// Two models of one name as one: `nil` (keep the first) when identical; the union of two objects that differ only by
/// members one lacks; else an error.
///
/// `models` looks up the models of both documents, to widen a member they type differently (``widerType(_:_:models:)``).
private func unitedModel(
    _ first: Model, from firstPath: String, _ other: Model, from path: String, hint: String, models: (String) -> Model?
) -> (model: Model?, diagnostics: [Diagnostic]) {
    if sameIgnoringLocations(first, other) { return (nil, []) }
    func conflict(_ why: String, at location: SourceLocation, note: SourceLocation) -> (Model?, [Diagnostic]) {
        (nil, [Diagnostic(
            .error, "model '\(other.name)' of \(path) differs from the one of \(firstPath) (\(why)); one client cannot hold both; \(hint)",
            at: location, notes: [Diagnostic(.note, "the other '\(first.name)' is defined here", at: note)])])
    }
    guard case .object(let firstMembers) = first.kind, case .object(let otherMembers) = other.kind else {
        if sameIgnoringLocations(undescribed(first), undescribed(other)) {
            var (aliasless, otherAliasless) = (first, other)
            (aliasless.sameAs, otherAliasless.sameAs) = (nil, nil)
            if sameIgnoringLocations(aliasless, otherAliasless) { return (nil, []) }
            return (nil, [Diagnostic(
                .warning, "the descriptions of model '\(other.name)' of \(path) differ from the ones of \(firstPath), which the merged client keeps",
                at: other.location, notes: [Diagnostic(.note, "the kept descriptions' model is here", at: first.location)])])
        }
        return conflict("not the same \(first.kind.noun == other.kind.noun ? first.kind.noun : "kind of type")", at: other.location, note: first.location)
    }
    var outer = first, otherOuter = other
    (outer.kind, otherOuter.kind) = (.object([]), .object([]))
    (outer.description, otherOuter.description, outer.sameAs, otherOuter.sameAs) = (nil, nil, nil, nil)
    guard sameIgnoringLocations(outer, otherOuter) else {
        return conflict("its additional members, alias or deprecation differ", at: other.location, note: first.location)
    }
    var diagnostics: [Diagnostic] = []
    /// The members whose descriptions differ: the first document's are kept, and one warning says so for the model.
    var describedApart: [String] = []
    var members: [Property] = []
    /// A member of `model` that the other lacks: kept, optional unless it already is or has a default.
    func lonely(_ member: Property, of name: String, lackedBy lacking: String) -> Property {
        guard case .optional = member.type else {
            guard member.defaultValue == nil else { return member }
            var optional = member
            optional.type = .optional(member.type)
            diagnostics.append(Diagnostic(
                .warning, "member '\(member.name)' of model '\(other.name)' is required in \(name) but \(lacking) has no such member;"
                    + " it is optional in the merged client", at: member.location))
            return optional
        }
        return member
    }
    for member in firstMembers {
        guard let twin = otherMembers.first(where: { $0.name == member.name }) else {
            members.append(lonely(member, of: firstPath, lackedBy: path))
            continue
        }
        var (kept, compared) = (member, twin)
        (kept.description, compared.description, compared.type) = (nil, nil, member.type)
        // A default only one document gives is settled below, with the type.
        if member.defaultValue == nil || twin.defaultValue == nil { (kept.defaultValue, compared.defaultValue) = (nil, nil) }
        guard sameIgnoringLocations(kept, compared) else {
            return conflict("member '\(twin.name)' differs", at: twin.location, note: member.location)
        }
        if member.description != twin.description { describedApart.append(member.name) }
        var united = member
        if member.type != twin.type {
            guard let wider = widerType(member.type, twin.type, models: models) else {
                return conflict("member '\(twin.name)' differs: \(twin.type) here, \(member.type) there", at: twin.location, note: member.location)
            }
            united.type = wider
            let (narrow, narrowPath) = wider == member.type ? (twin.type, path) : (member.type, firstPath)
            diagnostics.append(Diagnostic(
                .warning, "member '\(member.name)' of model '\(other.name)' is \(narrow) in \(narrowPath); it is \(wider) in the merged client,"
                    + " which holds the values of both documents", at: twin.location,
                notes: [Diagnostic(.note, "the other document's '\(member.name)' is here", at: member.location)]))
        }
        if let defaultValue = member.defaultValue ?? twin.defaultValue, united.defaultValue == nil || united.type != member.type {
            let (defaulted, defaultedPath) = member.defaultValue != nil ? (member, firstPath) : (twin, path)
            if defaulted.type == united.type {
                // The other document requires the key, so a default for when it is missing takes nothing from it.
                united.defaultValue = defaultValue
            } else {
                // The default was written for the narrower type and may be no value of the wider one: a missing key
                // is nil instead.
                united.defaultValue = nil
                if !united.type.isOptional {
                    united.type = .optional(united.type)
                    diagnostics.append(Diagnostic(
                        .warning, "member '\(member.name)' of model '\(other.name)' has a default in \(defaultedPath) for its type there, \(defaulted.type);"
                            + " it is optional in the merged client, a missing key nil", at: defaulted.location))
                }
            }
        }
        members.append(united)
    }
    for member in otherMembers where !firstMembers.contains(where: { $0.name == member.name }) {
        members.append(lonely(member, of: path, lackedBy: firstPath))
    }
    if first.description != other.description || !describedApart.isEmpty {
        let what = (first.description != other.description ? ["model '\(other.name)'"] : [])
            + describedApart.map { "member '\($0)'" }
        diagnostics.append(Diagnostic(
            .warning, "the description of \(what.joined(separator: ", ")) of \(path) differs from the one of \(firstPath), which the merged client keeps"
                + (describedApart.isEmpty ? "" : " (model '\(other.name)')"),
            at: other.location, notes: [Diagnostic(.note, "the kept descriptions' model is here", at: first.location)]))
    }
    var united = first
    united.kind = .object(members)
    // An alias of another shape is its own type once it has members the other lacks.
    if members != firstMembers { united.sameAs = nil }
    return (united, diagnostics)
}

/// Two documents' auth as one: the same schemes once, named schemes united by name; a scheme written differently
/// under one name (or two different single forms) is an error. The defaults are the first document's.
private func unitedAuth(_ first: Auth?, from firstPath: String, _ other: Auth?, from path: String, hint: String) -> (auth: Auth?, diagnostics: [Diagnostic]) {
    guard let first, let other else { return (first ?? other, []) }
    if sameIgnoringLocations(first, other) { return (first, []) }
    guard first.isNamed, other.isNamed else {
        return (first, [Diagnostic(
            .error, "the auth of \(path) differs from the one of \(firstPath); one client cannot send both; \(hint)", at: other.location,
            notes: [Diagnostic(.note, "the other auth is here", at: first.location)])])
    }
    var united = first
    var diagnostics: [Diagnostic] = []
    for scheme in other.schemes {
        guard let twin = first.schemes.first(where: { $0.name == scheme.name }) else {
            united.schemes.append(scheme)
            continue
        }
        if !sameIgnoringLocations(twin, scheme) {
            diagnostics.append(Diagnostic(
                .error, "auth scheme '\(scheme.name)' of \(path) differs from the one of \(firstPath); \(hint)", at: scheme.location,
                notes: [Diagnostic(.note, "the other '\(twin.name)' is here", at: twin.location)]))
        }
    }
    if (first.defaultSchemes, first.defaultRequirement) != (other.defaultSchemes, other.defaultRequirement) {
        diagnostics.append(firstKept("the default auth", at: other.location, of: path, first: first.location))
    }
    return (united, diagnostics)
}

/// The model without its description or its cases' (which are doc comments only), to compare what the code is made of.
private func undescribed(_ model: Model) -> Model {
    var model = model
    model.description = nil
    // The importer makes a model whose shape another's has an alias of it (sameAsIdentical): its kind is the other's,
    // so an alias and a type of that shape are one.
    model.sameAs = nil
    if case .enumeration(let cases, let rawType) = model.kind {
        model.kind = .enumeration(cases.map { var bare = $0; bare.description = nil; return bare }, rawType: rawType)
    }
    return model
}

extension Model.Kind {
    /// What the kind is called in a message.
    fileprivate var noun: String {
        switch self {
        case .object: "object"
        case .enumeration: "enumeration"
        case .oneOf: "oneOf"
        }
    }
}

/// Whether two values of the spec's model are the same but for where they are written: two documents say the same
/// thing at different places. Compared through their stored properties, so a member added to the model later is
/// compared too (the spec's types hold no dictionaries or sets, whose order would differ).
func sameIgnoringLocations(_ a: Any, _ b: Any) -> Bool {
    if a is SourceLocation, b is SourceLocation { return true }
    let (left, right) = (Mirror(reflecting: a), Mirror(reflecting: b))
    guard left.children.count == right.children.count, left.subjectType == right.subjectType else { return false }
    if left.children.isEmpty { return String(reflecting: a) == String(reflecting: b) }
    return zip(left.children, right.children).allSatisfy { $0.label == $1.label && sameIgnoringLocations($0.value, $1.value) }
}
