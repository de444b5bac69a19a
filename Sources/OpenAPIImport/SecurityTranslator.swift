import Diagnostics
import EndpointSpec

/// Maps `securitySchemes` and `security` to our single kind of token: the preferred scheme the document
/// uses becomes the spec's `auth`, and each operation sends it when its requirements name it.
struct SecurityTranslator {
    /// The spec's auth, if the document uses a scheme we can send.
    let auth: Auth?
    /// The scheme `auth` came from.
    let chosen: String?
    /// What operations without `security` of their own require.
    let defaultRequirement: AuthRequirement
    private let diagnostics: ImportDiagnostics

    /// The schemes we can send, best first: a bearer token, an API key in a header or the query, basic credentials.
    private enum Kind: Int, Comparable {
        case bearer, headerKey, queryKey, basic, oauth

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

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
        var best: (kind: Kind, name: String, auth: Auth)?
        var supported: [(name: String, location: SourceLocation)] = []
        for name in used {
            guard let definition = definitions.first(where: { $0.key == name }) else { continue }
            let scheme = schemas.dereferenced(definition.value)
            guard let (kind, auth) = Self.auth(scheme) else {
                diagnostics.warning("the security scheme '\(name)' (\(Self.describe(scheme))) is not supported; operations that need it send no credentials", at: definition.location)
                continue
            }
            if kind == .oauth {
                diagnostics.warning("the security scheme '\(name)' (\(Self.describe(scheme))) is sent as a bearer token in 'Authorization'; EndpointGen does not run OAuth flows, the app supplies the token", at: definition.location)
            }
            supported.append((name, definition.location))
            if best.map({ kind < $0.kind }) ?? true { best = (kind, name, auth) }
        }
        if let best {
            for other in supported where other.name != best.name {
                diagnostics.warning("the security scheme '\(other.name)' is not used: EndpointGen sends one kind of credentials, '\(best.name)'", at: other.location)
            }
        }
        chosen = best?.name
        var defaultRequirement = AuthRequirement.none
        if let chosen = best?.name, let global = root["security"] {
            defaultRequirement = Self.requirement(global, chosen: chosen)
        }
        self.defaultRequirement = defaultRequirement
        auth = best.map { best in
            var auth = best.auth
            auth.defaultRequirement = defaultRequirement
            return auth
        }
    }

    /// Whether an operation sends the token: its own `security` if it has one, else the document's.
    func requirement(of operation: DocumentNode) -> AuthRequirement {
        guard let list = operation["security"] else { return defaultRequirement }
        guard let chosen else { return .none }
        let requirement = Self.requirement(list, chosen: chosen)
        let alternatives = list.items
        if requirement == .none, !alternatives.isEmpty, !alternatives.contains(where: { $0.members.isEmpty }) {
            let names = alternatives.flatMap { $0.members.map { "'\($0.key)'" } }.joined(separator: ", ")
            diagnostics.warning("the operation requires \(names), which EndpointGen does not send; it sends no credentials", at: list.location)
        }
        return requirement
    }

    /// `required` when every alternative needs the chosen scheme, `optional` when an empty alternative allows none.
    private static func requirement(_ list: DocumentNode, chosen: String) -> AuthRequirement {
        let alternatives = list.items
        guard alternatives.contains(where: { $0.members.contains { $0.key == chosen } }) else { return .none }
        return alternatives.contains(where: { $0.members.isEmpty }) ? .optional : .required
    }

    private static func auth(_ scheme: DocumentNode) -> (Kind, Auth)? {
        let location = scheme.location
        switch (scheme.text("type"), scheme.text("scheme")?.lowercased(), scheme.text("in")) {
        case ("http", "bearer", _):
            return (.bearer, Auth(placement: .header, name: "Authorization", scheme: "Bearer", defaultRequirement: .required, location: location))
        case ("http", "basic", _):
            return (.basic, Auth(placement: .header, name: "Authorization", scheme: "Basic", defaultRequirement: .required, location: location))
        case ("apiKey", _, "header"):
            guard let name = scheme.text("name") else { return nil }
            return (.headerKey, Auth(placement: .header, name: name, scheme: nil, defaultRequirement: .required, location: location))
        case ("apiKey", _, "query"):
            guard let name = scheme.text("name") else { return nil }
            return (.queryKey, Auth(placement: .query, name: name, scheme: nil, defaultRequirement: .required, location: location))
        case ("oauth2", _, _), ("openIdConnect", _, _):
            return (.oauth, Auth(placement: .header, name: "Authorization", scheme: "Bearer", defaultRequirement: .required, location: location))
        default:
            return nil
        }
    }

    private static func describe(_ scheme: DocumentNode) -> String {
        [scheme.text("type"), scheme.text("scheme"), scheme.text("in").map { "in \($0)" }].compactMap { $0 }.joined(separator: " ")
    }
}
