import EndpointSpec

/// The single form's scheme as a runtime `AuthScheme` expression, e.g. `.header(name: "Authorization", prefix: "JWT")`.
func translateAuth(_ auth: Auth) -> String {
    translateAuthScheme(placement: auth.placement, key: auth.name, prefix: auth.scheme)
}

/// One scheme as a runtime `AuthScheme` expression.
func translateAuthScheme(placement: Auth.Placement, key: String, prefix: String?) -> String {
    switch placement {
    case .header: ".header(name: \(SwiftLiteral.string(key)), prefix: \(prefix.map(SwiftLiteral.string) ?? "nil"))"
    case .query: ".query(name: \(SwiftLiteral.string(key)))"
    case .cookie: ".cookie(name: \(SwiftLiteral.string(key)))"
    case .basic: ".basic"
    }
}

/// The named form (`auth: { schemes: ... }`) for the client's template, or `nil` for the single form and no auth.
func translateNamedAuth(_ auth: Auth?, clientName: String) -> NamedAuthContext? {
    guard let auth, auth.isNamed else { return nil }
    let stores = auth.schemes.map { scheme in
        let property = SwiftName.member(scheme.name + "Credentials")
        let what = switch scheme.placement {
        case .header: scheme.prefix.map { "a token in '\(scheme.key): \($0) <token>'" } ?? "a key in the header '\(scheme.key)'"
        case .query: "a key in the query item '\(scheme.key)'"
        case .cookie: "a key in the cookie '\(scheme.key)'"
        case .basic: "HTTP basic auth, from a user name and password"
        }
        let set = scheme.placement == .basic
            ? "\(clientName).\(property).set(BasicCredentials(user: user, password: password))"
            : "\(clientName).\(property).set(token)"
        return CredentialStoreContext(
            property: property,
            type: scheme.placement == .basic ? "BasicCredentialStore" : "TokenStore",
            docComment: DocComment.lines("The credentials `shared` sends for the spec's '\(scheme.name)' scheme (\(what)): `\(set)`."))
    }
    let entries = zip(auth.schemes, stores)
    return NamedAuthContext(
        schemesExpression: "[" + auth.schemes.map {
            "\(SwiftLiteral.string($0.name)): \(translateAuthScheme(placement: $0.placement, key: $0.key, prefix: $0.prefix))"
        }.joined(separator: ", ") + "]",
        defaultSchemesExpression: "[" + auth.defaultSchemes.map(SwiftLiteral.string).joined(separator: ", ") + "]",
        credentialsExpression: "[" + entries.map { "\(SwiftLiteral.string($0.name)): \($1.property)" }.joined(separator: ", ") + "]",
        schemeList: auth.schemes.map { "`\($0.name)`" }.joined(separator: ", "),
        stores: stores)
}
