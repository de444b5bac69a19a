import Diagnostics
import YAML

extension SpecDecoder {
    static let specKeys = ["name", "server", "version", "variables", "defaults", "auth", "policy", "errors", "endpoints", "models", "include", "completionHandlers"]

    /// The whole spec; `models` are the already decoded models of this file and its includes.
    ///
    /// `nil` only when the root is not a mapping. A spec whose `name` or `server` did not decode gets placeholders, so
    /// that `SpecChecks` still runs over it; it has errors, so it is refused either way.
    mutating func spec(_ root: YAMLNode, models: [Model]) -> Spec? {
        guard let fields = fields(root, "the spec", allowed: Self.specKeys, required: ["name", "server", "endpoints"]) else { return nil }
        let name = fields["name"].flatMap(apiName)
        version = optionalString(fields["version"], "'version'")
        damage.versionBroken = fields["version"] != nil && version == nil
        let variables = fields["variables"].map(self.variables) ?? []
        variableNames = Set(variables.map(\.name))
        let server = fields["server"].flatMap(self.server)
        let defaults = fields["defaults"].map(self.defaults) ?? Defaults()
        let auth = fields["auth"].flatMap(self.auth)
        if fields["auth"] != nil, auth == nil { damage.authBroken = true }
        let policy = fields["policy"].map(self.policy) ?? Policy()
        let errors = fields["errors"].map(errorPolicy) ?? ErrorPolicy()
        let settings = EndpointSettings(auth: auth, policy: policy, errors: errors)
        if fields["endpoints"] == nil { damage.endpointsUnknown = true }
        let endpoints = fields["endpoints"].map { self.endpoints($0, settings: settings) } ?? []
        return Spec(
            name: name ?? "", server: server ?? Server(scheme: .https, host: "", port: nil, basePath: "", location: root.location),
            version: version, variables: variables, defaults: defaults, auth: auth,
            policy: policy, errors: errors, endpoints: endpoints, models: models,
            completionHandlers: fields["completionHandlers"].flatMap { bool($0, "'completionHandlers'") } ?? false,
            location: root.location
        )
    }

    /// The API's name, which must give a Swift type name.
    private func apiName(_ node: YAMLNode) -> String? {
        guard let name = string(node, "'name'") else { return nil }
        guard name.contains(where: { $0.isLetter || $0.isNumber }) else {
            sink.error("the spec's name '\(name)' has no letters or digits to make a Swift name of", at: node)
            return nil
        }
        return name
    }

    /// `variables: [deviceType]`, `variables: { deviceType: "what it means" }` or
    /// `variables: { deviceType: { default: ios, description: "what it means" } }`.
    func variables(_ node: YAMLNode) -> [Variable] {
        let entries: [(key: YAMLNode, description: String?, defaultValue: String?)]
        if let items = node.sequence {
            entries = items.map { ($0, nil, nil) }
        } else if let pairs = node.mapping {
            entries = pairs.map { pair in
                guard pair.value.mapping != nil else { return (pair.key, optionalString(pair.value, "the description of a variable"), nil) }
                let fields = fields(pair.value, "variable '\(pair.key.text ?? "")'", allowed: ["default", "description"])
                return (
                    pair.key, optionalString(fields?["description"], "the description of a variable"),
                    optionalString(fields?["default"], "the default of a variable")
                )
            }
        } else {
            sink.error("expected a sequence or a mapping for 'variables', found a \(node.kindDescription)", at: node)
            damage.variablesUnknown = true
            return []
        }
        var seen: [String: YAMLNode] = [:]
        return entries.compactMap { entry in
            guard let name = string(entry.key, "a variable name") else {
                damage.variablesUnknown = true
                return nil
            }
            if name == "version" {
                sink.error("'version' is not a variable: '{version}' always means the spec's 'version'", at: entry.key)
                return nil
            }
            guard Template.isName(name) else {
                sink.error("variable name '\(name)' must be letters, digits, '_', '-' or '.', not starting with a digit", at: entry.key)
                damage.brokenVariables.insert(name)
                return nil
            }
            if let first = seen[name] {
                sink.error("duplicate variable '\(name)'", at: entry.key, notes: [sink.note("'\(name)' is first declared here", at: first)])
                return nil
            }
            seen[name] = entry.key
            return Variable(name: name, description: entry.description, defaultValue: entry.defaultValue, location: entry.key.location)
        }
    }

    /// `defaults: { query: {...}, headers: {...} }`.
    func defaults(_ node: YAMLNode) -> Defaults {
        guard let fields = fields(node, "'defaults'", allowed: ["query", "headers"]) else { return Defaults() }
        return Defaults(
            query: fields["query"].map { fixedParameters($0, kind: "default query") } ?? [],
            headers: fields["headers"].map { fixedParameters($0, kind: "default header") } ?? []
        )
    }

    /// A mapping of names to value templates whose `{variables}` must be declared; `{version}` is replaced.
    ///
    /// Messages name each entry as `kind 'name' owner`, e.g. `header 'X-Id' of endpoint 'a'`.
    func fixedParameters(_ node: YAMLNode, kind: String, owner: String = "") -> [DefaultParameter] {
        guard let pairs = mapping(node, "the \(kind) items\(owner)") else { return [] }
        return pairs.compactMap { pair in
            guard let name = string(pair.key, "a \(kind) name") else { return nil }
            let context = "\(kind) '\(name)'\(owner)"
            guard let value = string(pair.value, context) else { return nil }
            guard let parts = templateParts(value, at: pair.value, context: context) else { return nil }
            return DefaultParameter(name: name, value: value, parts: parts, location: pair.key.location)
        }
    }

    /// The parts of the template `value` written at `node` (`{version}` replaced by the spec's version), or `nil` after
    /// an error: a malformed template, or a placeholder naming no declared variable. `context` names the value in
    /// messages, e.g. `default header 'X-Device'`.
    func templateParts(_ value: String, at node: YAMLNode, context: String) -> [TemplatePart]? {
        guard case .success(let parts) = Template.parse(value) else {
            // `{2x}` for a variable declared as `2x`: the declaration's error says the name is refused.
            if !damage.brokenVariables.contains(where: { value.contains("{\($0)}") }) {
                sink.error("\(context) has a malformed template '\(value)'; write variables as {name}", at: node)
            }
            return nil
        }
        var resolved: [TemplatePart] = []
        var valid = true
        var occurrences: [String: Int] = [:]
        for part in parts {
            guard case .placeholder(let variable) = part, !variableNames.contains(variable) else {
                resolved.append(part)
                continue
            }
            let occurrence = occurrences[variable, default: 0]
            occurrences[variable] = occurrence + 1
            if variable == "version", let version {
                resolved.append(.literal(version))
                continue
            }
            valid = false
            // A variable (or `version`) that is there but did not decode is reported already.
            let isKnockOn = variable == "version" ? damage.versionBroken : damage.variablesUnknown || damage.brokenVariables.contains(variable)
            if isKnockOn { continue }
            let closest = Suggestion.closest(to: variable, in: variableNames.sorted())
            closest.map(damage.mention)  // the variable it means is used, not unused
            let missing = variable == "version"
                ? "but the spec has no 'version'"
                : "but the spec declares no variable '\(variable)'\(closest.map { "; did you mean '\($0)'?" } ?? "")"
            sink.error("\(context) uses '{\(variable)}' \(missing)", at: placeholderSpan(variable, occurrence: occurrence, in: node))
        }
        return valid ? Self.merged(resolved) : nil
    }

    /// Joins adjacent literals, left behind where `{version}` was replaced.
    private static func merged(_ parts: [TemplatePart]) -> [TemplatePart] {
        var result: [TemplatePart] = []
        for part in parts {
            if case .literal(let text) = part, case .literal(let previous)? = result.last {
                result[result.count - 1] = .literal(previous + text)
            } else {
                result.append(part)
            }
        }
        return result
    }
}
