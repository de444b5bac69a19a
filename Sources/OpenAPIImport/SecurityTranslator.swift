import Diagnostics
import EndpointSpec

/// Maps `securitySchemes` and `security` to the spec's `auth`: a document that uses one scheme we can send keeps the
/// single form; one that uses several gets the named form (`auth: { schemes: ... }`), each operation naming the schemes
/// its requirements allow, in order.
struct SecurityTranslator {
    /// The spec's auth, if the document uses a scheme we can send.
    let auth: Auth?
    /// What operations without `security` of their own require.
    let defaultRequirement: AuthRequirement
    /// The named form's default schemes (from the document's `security`); empty in the single form.
    let defaultSchemes: [String]
    /// The schemes we can send, by their names in the document.
    private let supported: [String]
    /// Each supported scheme's name in the spec, by its name in the document (SecurityTranslator+Names.swift).
    private let specNames: [String: String]
    private let diagnostics: ImportDiagnostics

    init(root: DocumentNode, paths: DocumentNode?, schemas: SchemaTranslator, diagnostics: ImportDiagnostics) {
        self.diagnostics = diagnostics
        let definitions = root["components"]?["securitySchemes"]?.members ?? []
        var used: [String] = []
        let operationLists: [DocumentNode] = (paths?.members ?? []).flatMap { path in
            OperationTranslator.methods.compactMap { schemas.dereferenced(path.value)[$0.key]?["security"] }
        }
        for list in [root["security"]].compactMap({ $0 }) + operationLists {
            for requirement in list.items {
                for member in requirement.members where !used.contains(member.key) { used.append(member.key) }
            }
        }
        var found: [(name: String, auth: Auth)] = []
        for name in used {
            guard let definition = definitions.first(where: { $0.key == name }) else { continue }
            let scheme = schemas.dereferenced(definition.value)
            guard let (isOAuth, auth) = Self.auth(scheme) else {
                diagnostics.warning("the security scheme '\(name)' (\(Self.describe(scheme))) is not supported; operations that need it send no credentials", at: definition.location)
                continue
            }
            if isOAuth {
                diagnostics.warning("the security scheme '\(name)' (\(Self.describe(scheme))) is sent as a bearer token in 'Authorization'; EndpointGen does not run OAuth flows, the app supplies the token", at: definition.location)
            }
            found.append((name, auth))
        }
        let supported = found.map(\.name)
        self.supported = supported
        let specNames = Self.numberedSpecNames(found.map { ($0.name, $0.auth.location) }, diagnostics: diagnostics)
        self.specNames = specNames
        guard !found.isEmpty else {
            (auth, defaultRequirement, defaultSchemes) = (nil, .none, [])
            return
        }
        let global = root["security"]
        if found.count == 1 {
            // The single form: one scheme, sent as the spec's one token.
            let requirement = global.map { Self.resolve($0, supported: supported, diagnostics: nil, owner: Self.documentOwner).requirement } ?? .none
            var single = found[0].auth
            single.defaultRequirement = requirement
            (auth, defaultRequirement, defaultSchemes) = (single, requirement, [])
            return
        }
        var resolved = global.map { Self.resolve($0, supported: supported, diagnostics: diagnostics, owner: Self.documentOwner) } ?? (.none, [])
        resolved.schemes = resolved.schemes.map { specNames[$0] ?? $0 }
        let schemes = found.map {
            AuthSchemeDefinition(name: specNames[$0.name] ?? $0.name, placement: $0.auth.placement, key: $0.auth.name, prefix: $0.auth.scheme, location: $0.auth.location)
        }
        defaultSchemes = resolved.schemes
        defaultRequirement = resolved.requirement
        auth = Auth(
            placement: .header, name: "Authorization", scheme: nil, defaultRequirement: resolved.schemes.isEmpty ? .none : .required,
            schemes: schemes, defaultSchemes: resolved.schemes, location: found[0].auth.location)
    }

    /// Whether an operation sends credentials and with which named schemes (empty in the single form): its own
    /// `security` if it has one, else the document's.
    func requirement(of operation: DocumentNode, context: OperationContext) -> (requirement: AuthRequirement, schemes: [String]) {
        guard let list = operation["security"] else { return (defaultRequirement, defaultSchemes) }
        guard auth != nil else { return (.none, []) }
        let (requirement, documentNames) = Self.resolve(list, supported: supported, diagnostics: diagnostics, owner: context.description)
        let alternatives = list.items
        if requirement == .none, !alternatives.isEmpty, !alternatives.contains(where: { $0.members.isEmpty }) {
            let names = alternatives.flatMap { $0.members.map { "'\($0.key)'" } }.joined(separator: ", ")
            diagnostics.warning("\(context) requires \(names), which EndpointGen does not send; it sends no credentials", at: list.location)
        }
        guard auth?.isNamed == true, requirement != .none else { return (requirement, []) }
        let schemes = documentNames.map { specNames[$0] ?? $0 }
        if requirement == .optional, schemes != defaultSchemes {
            // The named form makes only the default schemes optional; the others are required when named.
            diagnostics.warning("\(context) also allows no credentials, which EndpointGen cannot say for schemes other than the default; it requires \(schemes.map { "'\($0)'" }.joined(separator: " or "))", at: list.location)
            return (.required, schemes)
        }
        return (requirement, schemes)
    }

    /// The requirement a `security` list makes and the schemes it allows in order: `optional` when an empty alternative
    /// allows none. An alternative that needs several schemes at once sends its first we can send (warned).
    private static func resolve(
        _ list: DocumentNode, supported: [String], diagnostics: ImportDiagnostics?, owner: String
    ) -> (requirement: AuthRequirement, schemes: [String]) {
        var schemes: [String] = []
        for alternative in list.items {
            let names = alternative.members.map(\.key)
            guard let first = names.first(where: supported.contains) else { continue }
            if names.count > 1 {
                diagnostics?.warning("\(owner) needs the security schemes \(names.map { "'\($0)'" }.joined(separator: " and ")) together; EndpointGen sends one scheme per request, '\(first)'", at: alternative.location)
            }
            if !schemes.contains(first) { schemes.append(first) }
        }
        guard !schemes.isEmpty else { return (.none, []) }
        return (list.items.contains(where: { $0.members.isEmpty }) ? .optional : .required, schemes)
    }

    /// Who a requirement of the document's own `security` belongs to, in messages.
    private static let documentOwner = "the document's 'security'"

    /// The auth a scheme becomes, and whether it is OAuth 2 or OpenID Connect (a bearer token the app obtains).
    private static func auth(_ scheme: DocumentNode) -> (Bool, Auth)? {
        let location = scheme.location
        func auth(_ placement: Auth.Placement, _ name: String, _ prefix: String?) -> Auth {
            Auth(placement: placement, name: name, scheme: prefix, defaultRequirement: .required, location: location)
        }
        switch (scheme.text("type"), scheme.text("scheme")?.lowercased(), scheme.text("in")) {
        case ("http", "bearer", _): return (false, auth(.header, "Authorization", "Bearer"))
        case ("http", "basic", _): return (false, auth(.basic, "Authorization", nil))
        case ("apiKey", _, let place?):
            guard let name = scheme.text("name"), let placement = ["header": Auth.Placement.header, "query": .query, "cookie": .cookie][place] else { return nil }
            return (false, auth(placement, name, nil))
        case ("oauth2", _, _), ("openIdConnect", _, _): return (true, auth(.header, "Authorization", "Bearer"))
        default: return nil
        }
    }

    private static func describe(_ scheme: DocumentNode) -> String {
        [scheme.text("type"), scheme.text("scheme"), scheme.text("in").map { "in \($0)" }].compactMap { $0 }.joined(separator: " ")
    }
}
