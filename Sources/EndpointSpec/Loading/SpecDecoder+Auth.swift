import Diagnostics
import YAML

extension SpecDecoder {
    /// The keys that say where a scheme's credential goes; a scheme has at most one.
    static let authPlacementKeys = ["header", "query", "cookie", "basic"]

    /// `auth: { header: Authorization, scheme: JWT }`, `auth: { query: api_key }`, `auth: { cookie: session }` or
    /// `auth: { basic: true }`, optionally with `default:` (the single form); or `auth: { schemes: { name: scheme... },
    /// default: name | [names] | none }` (the named form). A scalar (`auth: bearer`) is an error whose note shows the
    /// mapping it probably means.
    func auth(_ node: YAMLNode) -> Auth? {
        if let text = node.text, node.resolved != .null {
            let scheme = !text.isEmpty && text.allSatisfy(\.isLetter) ? text.prefix(1).uppercased() + text.dropFirst() : "Bearer"
            let note = sink.note(
                "to send the token as 'Authorization: \(scheme) <token>', write: auth: { header: Authorization, scheme: \(scheme) }", at: node)
            sink.error("expected a mapping for 'auth', found a scalar", at: node, notes: [note])
            return nil
        }
        let keys = Self.authPlacementKeys + ["scheme", "default", "schemes"]
        guard let fields = fields(node, "'auth'", allowed: keys) else { return nil }
        if let schemes = fields.pair("schemes") { return namedAuth(fields, schemes: schemes) }
        let method = authMethod(fields, owner: "auth")
        let requirement = fields["default"].flatMap { choice($0, "auth requirement", as: AuthRequirement.self) } ?? .required
        return Auth(placement: method.placement, name: method.key, scheme: method.prefix, defaultRequirement: requirement, location: node.location)
    }

    /// Where one scheme's credential goes (the single form's keys, or a named scheme's): at most one of `header`
    /// (the default, `Authorization`), `query`, `cookie` and `basic: true`, and `scheme` only with a header.
    private func authMethod(_ fields: Fields, owner: String) -> (placement: Auth.Placement, key: String, prefix: String?) {
        let given = fields.pairs.filter { Self.authPlacementKeys.contains($0.key.text ?? "") }
        let names = given.compactMap(\.key.text)
        if names.count > 1 {
            if Set(names) == ["header", "query"], let query = fields.pair("query") {
                sink.error("\(owner) takes 'header' or 'query', not both", at: query.key)
            } else {
                sink.error("\(owner) takes one of 'header', 'query', 'cookie' or 'basic', not both '\(names[0])' and '\(names[1])'", at: given[1].key)
            }
        }
        let placement = names.first.flatMap(Auth.Placement.init(rawValue:)) ?? .header
        if let scheme = fields.pair("scheme"), placement != .header {
            let advice = placement == .basic ? "; basic auth always sends 'Authorization: Basic <base64 of user:password>'" : ""
            sink.error("'scheme' applies only to a header, not to '\(placement.rawValue)'\(advice)", at: scheme.key)
        }
        let prefix = optionalString(fields["scheme"], "the auth scheme")
        guard placement != .basic else {
            if let value = fields["basic"], bool(value, "'basic'") == false {
                sink.error("'basic: false' sends nothing; write 'basic: true' for HTTP basic auth, or leave 'basic' out", at: value)
            }
            return (.basic, "Authorization", nil)
        }
        let key = optionalString(fields[placement.rawValue], "the auth \(placement.rawValue) name") ?? "Authorization"
        if placement == .cookie, let value = fields["cookie"], let problem = Self.cookieNameProblem(key) {
            sink.error("bad cookie name '\(key)': \(problem)", at: value)
        }
        return (placement, key, prefix)
    }

    /// Why `name` cannot be a cookie's name (RFC 6265: a token), or `nil` when it can.
    static func cookieNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a cookie needs a name" }
        let separators = Set("()<>@,;:\\\"/[]?={} \t")
        let valid = name.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !separators.contains(Character($0)) }
        return valid ? nil : "a cookie name is ASCII letters, digits and !#$%&'*+-.^_`|~, without spaces or any of ()<>@,;:\\\"/[]?={}"
    }

    /// `auth: { schemes: { user: {...}, admin: {...} }, default: user }`.
    private func namedAuth(_ fields: Fields, schemes pair: YAMLPair) -> Auth? {
        for key in Self.authPlacementKeys + ["scheme"] {
            guard let misplaced = fields.pair(key) else { continue }
            sink.error("'\(key)' belongs to one scheme when 'auth' has 'schemes'; move it into a scheme under 'schemes'", at: misplaced.key)
        }
        guard let entries = mapping(pair.value, "'schemes' in 'auth'") else { return nil }
        guard !entries.isEmpty else {
            sink.error("'schemes' in 'auth' declares no scheme; write e.g. schemes: { user: { header: Authorization, scheme: Bearer } }", at: pair.value)
            return nil
        }
        var schemes: [AuthSchemeDefinition] = []
        var complete = true
        for entry in entries {
            guard let name = string(entry.key, "an auth scheme's name") else { complete = false; continue }
            if let requirement = AuthRequirement(rawValue: name) {
                sink.error("an auth scheme cannot be named '\(name)': 'auth: \(requirement.rawValue)' is an auth requirement", at: entry.key)
                complete = false
                continue
            }
            guard let schemeFields = self.fields(entry.value, "auth scheme '\(name)'", allowed: Self.authPlacementKeys + ["scheme"]) else {
                complete = false
                continue
            }
            let method = authMethod(schemeFields, owner: "auth scheme '\(name)'")
            schemes.append(AuthSchemeDefinition(name: name, placement: method.placement, key: method.key, prefix: method.prefix, location: entry.key.location))
        }
        // Each scheme's credential store is a static property named after it (`adminCredentials`).
        checkSwiftNames(schemes.map { ($0.name, $0.location) }, { SwiftName.member($0 + "Credentials") }) { "auth schemes '\($0)' and '\($1)'" }
        // An endpoint naming a scheme that did not decode is not told the scheme is unknown.
        if !complete { damage.authBroken = true }
        var defaults: [String] = []
        if let node = fields["default"] {
            if node.text == AuthRequirement.none.rawValue {
                defaults = []
            } else if let text = node.text, AuthRequirement(rawValue: text) != nil {
                let note = sink.note("endpoints that say 'auth: \(text)' use the schemes 'default' names", at: node)
                sink.error(
                    "'default' in an 'auth' with 'schemes' names the schemes endpoints use: a scheme name, a list of them, or none; not '\(text)'",
                    at: node, notes: [note])
                damage.authBroken = true
            } else if let names = authSchemeNames(node, declared: schemes, complete: complete, context: "'default' of 'auth'") {
                defaults = names
            } else {
                // Reported (or following from a scheme that did not decode): endpoints are not told there is no default.
                damage.authBroken = true
            }
        }
        return Auth(
            placement: .header, name: "Authorization", scheme: nil, defaultRequirement: defaults.isEmpty ? .none : .required,
            schemes: schemes, defaultSchemes: defaults, location: fields.node.location)
    }

    /// A scheme name or a sequence of them (alternatives, in order), each one the spec declares; `nil` after an error.
    /// With `complete` false (a scheme did not decode), an unknown name is not reported: it may be that scheme's.
    func authSchemeNames(_ node: YAMLNode, declared: [AuthSchemeDefinition], complete: Bool, context: String) -> [String]? {
        let items = node.sequence ?? [node]
        if items.isEmpty {
            sink.error("\(context) lists no auth scheme; name at least one, e.g. [\(declared.first?.name ?? "user")]", at: node)
            return nil
        }
        var names: [String] = []
        for item in items {
            guard let name = string(item, "an auth scheme name") else { return nil }
            guard declared.contains(where: { $0.name == name }) else {
                guard complete else { return nil }
                let declaredNames = declared.map(\.name)
                var notes: [Diagnostic] = []
                if let close = Suggestion.closest(to: name, in: declaredNames), let scheme = declared.first(where: { $0.name == close }) {
                    notes.append(sink.note("did you mean '\(close)'?", at: sink.span(of: close, at: scheme.location)))
                }
                let list = declaredNames.map { "'\($0)'" }.joined(separator: ", ")
                sink.error("unknown auth scheme '\(name)' in \(context); the spec's schemes are \(list)", at: item, notes: notes)
                return nil
            }
            if names.contains(name) {
                sink.error("auth scheme '\(name)' is listed twice in \(context)", at: item)
                return nil
            }
            names.append(name)
        }
        return names
    }

    /// An endpoint's `auth`: `none`, `optional` or `required` (with the spec's default schemes), a scheme name or a list
    /// of them (required, the first with credentials is used), resolved against the spec's `auth`.
    func endpointAuth(_ node: YAMLNode?, settings: EndpointSettings, context: String) -> (AuthRequirement, [String]) {
        let auth = settings.auth
        let inherited = (auth?.defaultRequirement ?? AuthRequirement.none, auth?.defaultSchemes ?? [])
        guard let node else { return inherited }
        guard let auth, auth.isNamed else { return (authRequirement(node, settings: settings, context: context), []) }
        if let text = node.text, let requirement = AuthRequirement(rawValue: text) {
            if requirement != .none, auth.defaultSchemes.isEmpty, !damage.authBroken {
                let note = sink.note("name the scheme instead, e.g. auth: \(auth.schemes[0].name)", at: node)
                sink.error("\(context) uses auth '\(text)' but 'auth' has no 'default' scheme", at: node, notes: [note])
            }
            return (requirement, requirement == .none ? [] : auth.defaultSchemes)
        }
        let complete = !damage.authBroken
        guard let names = authSchemeNames(node, declared: auth.schemes, complete: complete, context: context) else { return inherited }
        return (.required, names)
    }

    /// `auth: none | optional | required`, resolved against the spec's single-form `auth`.
    private func authRequirement(_ node: YAMLNode, settings: EndpointSettings, context: String) -> AuthRequirement {
        let inherited = settings.auth?.defaultRequirement ?? AuthRequirement.none
        guard let requirement = choice(node, "auth requirement", as: AuthRequirement.self) else { return inherited }
        // A spec whose `auth` did not decode has one; that error is reported already.
        if requirement != .none, settings.auth == nil, !damage.authBroken {
            sink.error("\(context) uses auth '\(requirement.rawValue)' but the spec has no 'auth' section", at: node)
        }
        return requirement
    }
}
