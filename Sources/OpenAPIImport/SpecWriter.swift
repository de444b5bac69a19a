public import EndpointSpec
import YAML

/// Writes a `Spec` in our YAML format, so `endpointgen convert` can hand a team the short format to keep editing.
///
/// Loading the text with `SpecLoader` gives the same spec back (locations aside).
///
/// ```swift
/// let yaml = SpecWriter.yaml(loaded.spec, header: "Converted from petstore.yaml")
/// ```
public enum SpecWriter {
    /// The spec as YAML, after `# header` comment lines when a header is given.
    public static func yaml(_ spec: Spec, header: String? = nil) -> String {
        var lines: [String] = header.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "# \($0)" } } ?? []
        lines.append("name: \(scalar(spec.name))")
        if let version = spec.version { lines.append("version: \(quoted(version))") }
        lines.append("server: " + server(spec.server))
        if !spec.variables.isEmpty, spec.variables.allSatisfy({ $0.description == nil && $0.defaultValue == nil }) {
            lines.append("variables: [" + spec.variables.map { scalar($0.name) }.joined(separator: ", ") + "]")
        } else if !spec.variables.isEmpty {
            lines.append("variables:")
            lines += spec.variables.map { variable in
                guard let value = variable.defaultValue else { return "  \(scalar(variable.name)): \(variable.description.map(quoted) ?? "null")" }
                let description = variable.description.map { ", description: \(quoted($0))" } ?? ""
                return "  \(scalar(variable.name)): { default: \(quoted(value))\(description) }"
            }
        }
        if !spec.defaults.query.isEmpty || !spec.defaults.headers.isEmpty {
            lines.append("defaults:")
            lines += fixed("query", spec.defaults.query).map { "  " + $0 } + fixed("headers", spec.defaults.headers).map { "  " + $0 }
        }
        if let auth = spec.auth { lines.append("auth: " + self.auth(auth)) }
        let policy = self.policy(spec.policy)
        if !policy.isEmpty { lines.append("policy: { " + policy.joined(separator: ", ") + " }") }
        let errors = [
            messageFieldEntry(spec.errors.messageFields), spec.errors.fallback.map { "fallback: \(quoted($0))" },
            spec.errors.model.map { "model: \(type($0))" },
        ].compactMap { $0 }
        if !errors.isEmpty { lines.append("errors: { " + errors.joined(separator: ", ") + " }") }
        if spec.completionHandlers { lines.append("completionHandlers: true") }
        lines.append(spec.endpoints.isEmpty ? "endpoints: {}" : "endpoints:")
        let defaultAuth = spec.auth?.defaultRequirement ?? AuthRequirement.none
        for endpoint in spec.endpoints {
            lines += self.endpoint(endpoint, spec: spec, defaultAuth: defaultAuth).map { "  " + $0 }
        }
        if !spec.models.isEmpty {
            lines.append("models:")
            for model in spec.models { lines += self.model(model).map { "  " + $0 } }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func server(_ server: Server) -> String {
        var fields = ["scheme: \(server.scheme.rawValue)", "host: \(quoted(server.host))"]
        if let port = server.port { fields.append("port: \(port)") }
        if !server.basePath.isEmpty { fields.append("basePath: \(quoted(server.basePath))") }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// The single form (`{ header: Authorization, scheme: Bearer, default: required }`) or the named one
    /// (`{ schemes: { user: { ... }, admin: { ... } }, default: user }`).
    private static func auth(_ auth: Auth) -> String {
        guard auth.isNamed else {
            let fields = placement(auth.placement, name: auth.name, prefix: auth.scheme) + ["default: \(auth.defaultRequirement.rawValue)"]
            return "{ " + fields.joined(separator: ", ") + " }"
        }
        let schemes = auth.schemes.map { "\(scalar($0.name)): { " + placement($0.placement, name: $0.key, prefix: $0.prefix).joined(separator: ", ") + " }" }
        let defaults = auth.defaultSchemes.isEmpty ? [] : ["default: " + schemeNames(auth.defaultSchemes)]
        return "{ " + (["schemes: { " + schemes.joined(separator: ", ") + " }"] + defaults).joined(separator: ", ") + " }"
    }

    /// Where a scheme's credential goes: `header: X-Key, scheme: Bearer`, `query: key`, `cookie: sid` or `basic: true`.
    private static func placement(_ placement: Auth.Placement, name: String, prefix: String?) -> [String] {
        if placement == .basic { return ["basic: true"] }
        return ["\(placement.rawValue): \(quoted(name))"] + (prefix.map { ["scheme: \(quoted($0))"] } ?? [])
    }

    /// `user`, or `[user, admin]` for alternatives.
    private static func schemeNames(_ names: [String]) -> String {
        names.count == 1 ? scalar(names[0]) : "[" + names.map(scalar).joined(separator: ", ") + "]"
    }

    /// An endpoint's `auth` where it differs from the spec's default: a requirement, or the named schemes it uses.
    private static func endpointAuth(_ endpoint: Endpoint, spec: Spec, defaultAuth: AuthRequirement) -> String? {
        let defaultSchemes = spec.auth?.defaultSchemes ?? []
        guard endpoint.auth != defaultAuth || endpoint.authSchemes != defaultSchemes else { return nil }
        if endpoint.authSchemes.isEmpty || endpoint.authSchemes == defaultSchemes { return endpoint.auth.rawValue }
        return schemeNames(endpoint.authSchemes)
    }

    /// `body: form`, or the mapping form for a whole value or a media type of its own; `nil` for the implied JSON body.
    private static func body(_ endpoint: Endpoint) -> String? {
        if let value = endpoint.bodyValue {
            var fields = ["type: \(type(value.type))"]
            if value.name != BodyValue.defaultName(for: value.type) { fields.append("name: \(quoted(value.name))") }
            if let contentType = endpoint.contentType { fields.append("contentType: \(quoted(contentType))") }
            if let description = value.description { fields.append("description: \(quoted(description))") }
            return "{ " + fields.joined(separator: ", ") + " }"
        }
        guard let encoding = endpoint.bodyEncoding else { return nil }
        if let contentType = endpoint.contentType { return "{ encoding: \(encoding.rawValue), contentType: \(quoted(contentType)) }" }
        // A DELETE or OPTIONS body needs the key; a JSON body is otherwise implied.
        return encoding != .json || !endpoint.method.allowsBody ? encoding.rawValue : nil
    }

    /// An endpoint's `unwrap` or `wrap` where it differs from what the spec's policy gives it (`none` turns that off).
    private static func envelope(_ key: String, _ value: String?, inherited: String?) -> String? {
        value == inherited ? nil : "\(key): " + (value.map(quoted) ?? "none")
    }

    /// `kind:` and its name-to-template mapping, or nothing when there are none.
    private static func fixed(_ kind: String, _ items: [DefaultParameter]) -> [String] {
        items.isEmpty ? [] : ["\(kind):"] + items.map { "  \(quoted($0.name)): \(quoted($0.value))" }
    }

    private static func policy(_ policy: Policy) -> [String] {
        [
            policy.timeout.map { "timeout: \(duration($0))" },
            policy.totalTimeout.map { "totalTimeout: \(duration($0))" },
            policy.rateLimit.map { "rateLimit: \($0.count)/\(duration($0.per))" },
            policy.maxConcurrentRequests.map { "maxConcurrentRequests: \($0)" },
            policy.retry.map { "retry: \(retry($0))" },
            policy.acceptableContentTypes.isEmpty ? nil : "acceptableContentTypes: [" + policy.acceptableContentTypes.map(quoted).joined(separator: ", ") + "]",
            policy.dates == .iso8601 ? nil : "dates: \(policy.dates.rawValue)",
            policy.unwrap.map { "unwrap: \(quoted($0))" },
            policy.wrap.map { "wrap: \(quoted($0))" },
        ].compactMap { $0 }
    }

    /// A duration in the largest unit that keeps it whole: `15s`, `250ms`.
    private static func duration(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }

    private static func retry(_ retry: RetryPolicy) -> String {
        let statuses = (retry.statuses.map(String.init) + retry.failures.map(\.rawValue)).joined(separator: ", ")
        return "{ attempts: \(retry.attempts), on: [\(statuses)], backoff: \(retry.backoff.rawValue), delay: \(duration(retry.delay)) }"
    }

    private static func endpoint(_ endpoint: Endpoint, spec: Spec, defaultAuth: AuthRequirement) -> [String] {
        var lines = ["\(scalar(endpoint.name)):", "  \(endpoint.method.rawValue): \(quoted(endpoint.path))"]
        if let description = endpoint.description { lines.append("  description: \(quoted(description))") }
        if endpoint.deprecated { lines.append("  deprecated: true") }
        // Parameters go in the body unless they say otherwise for POST, PUT and PATCH, and for any method with a
        // `body` key; never beside a whole-value body.
        let impliedBody = endpoint.bodyValue == nil && (endpoint.method.allowsBody || endpoint.bodyEncoding != nil)
        if !endpoint.parameters.isEmpty {
            lines.append("  params:")
            for parameter in endpoint.parameters {
                lines.append("    \(scalar(parameter.name)): " + self.parameter(parameter, impliedBody: impliedBody))
            }
        }
        if let body = body(endpoint) { lines.append("  body: \(body)") }
        if let stream = endpoint.responseStream { lines.append("  response: " + Self.streamedResponse(stream, item: endpoint.response)) }
        switch endpoint.responseStream == nil ? endpoint.response : .empty {
        case .empty: break
        case .data: lines.append("  response: Data")
        case .string: lines.append("  response: String")
        case .multipart: lines.append("  response: Multipart")
        case .type(let type): lines.append("  response: \(self.type(type))")
        }
        if !endpoint.errorModels.isEmpty {
            let other = endpoint.errorModel.flatMap { $0 == spec.errors.model ? nil : "default: \(type($0))" }
            lines.append("  error: { " + (endpoint.errorModels.map { "\($0.status): \(type($0.type))" } + [other].compactMap { $0 }).joined(separator: ", ") + " }")
        } else if let error = endpoint.errorModel, error != spec.errors.model {
            lines.append("  error: \(type(error))")
        }
        if let accept = endpoint.accept { lines.append("  accept: [" + accept.map(quoted).joined(separator: ", ") + "]") }
        if !endpoint.responseHeaders.isEmpty {
            lines.append("  responseHeaders: { " + endpoint.responseHeaders.map { "\(quoted($0.name)): \(type($0.type))" }.joined(separator: ", ") + " }")
        }
        if case .type = endpoint.response, endpoint.responseStream == nil, let unwrap = envelope("unwrap", endpoint.unwrap, inherited: spec.policy.unwrap) {
            lines.append("  " + unwrap)
        }
        if endpoint.bodyEncoding == .json, let wrap = envelope("wrap", endpoint.wrap, inherited: spec.policy.wrap) { lines.append("  " + wrap) }
        if let auth = endpointAuth(endpoint, spec: spec, defaultAuth: defaultAuth) { lines.append("  auth: \(auth)") }
        if let timeout = endpoint.timeout, timeout != spec.policy.timeout { lines.append("  timeout: \(duration(timeout))") }
        let inherited = endpoint.method.isIdempotent ? spec.policy.retry : nil
        if endpoint.retry != inherited { lines.append("  retry: " + (endpoint.retry.map(retry) ?? "none")) }
        lines += fixed("query", endpoint.query).map { "  " + $0 } + fixed("headers", endpoint.headers).map { "  " + $0 }
        if let pagination = endpoint.pagination { lines.append("  paginate: " + paginate(pagination)) }
        return lines
    }

    /// `{ cursor: { from: next, param: _next }, items: rows }` and the other strategies.
    private static func paginate(_ pagination: Pagination) -> String {
        let next = switch pagination.next {
        case .header(let name): "next: { header: \(quoted(name)) }"
        case .link: "next: link"
        case .url(let path): "next: { url: \(quoted(path.text)) }"
        case .cursor(let from, let parameter): "cursor: { from: \(quoted(from.text)), param: \(quoted(parameter.name)) }"
        case .page(let parameter): "page: { param: \(quoted(parameter.name)) }"
        case .offset(let parameter, let limit):
            "offset: { param: \(quoted(parameter.name))" + (limit.map { ", limit: \(quoted($0.name))" } ?? "") + " }"
        }
        return "{ " + ([next] + (pagination.items.map { ["items: \(quoted($0.text))"] } ?? [])).joined(separator: ", ") + " }"
    }

    private static func parameter(_ parameter: Parameter, impliedBody: Bool) -> String {
        var fields = ["type: \(type(parameter.type))"]
        let implied: Parameter.Placement = impliedBody ? .body : .query
        if parameter.placement != .path, parameter.placement != implied { fields.append("in: \(parameter.placement.rawValue)") }
        if parameter.wireName != parameter.name { fields.append("key: \(quoted(parameter.wireName))") }
        if parameter.secret { fields.append("secret: true") }
        if parameter.flat { fields.append("flat: true") }
        if let value = parameter.defaultValue { fields.append("default: \(literal(value))") }
        if let description = parameter.description { fields.append("description: \(quoted(description))") }
        if let filename = parameter.filename { fields.append("filename: \(quoted(filename))") }
        if let contentType = parameter.contentType { fields.append("contentType: \(quoted(contentType))") }
        if let part = parameter.part { fields.append("part: \(quoted(part))") }
        switch parameter.style {
        case .deepObject?: fields.append("style: deepObject")
        case .form(let explode)?: fields.append(explode ? "style: form" : "style: form, explode: false")
        case .spaceDelimited?: fields.append("style: spaceDelimited")
        case .pipeDelimited?: fields.append("style: pipeDelimited")
        case nil: break
        }
        let rules = parameter.rules
        let counts = [("minLength", rules.minLength), ("maxLength", rules.maxLength), ("minItems", rules.minItems), ("maxItems", rules.maxItems)]
        fields += counts.compactMap { key, value in value.map { "\(key): \($0)" } }
        if let pattern = rules.pattern { fields.append("pattern: \(quoted(pattern))") }
        let bounds = [("minimum", rules.minimum), ("maximum", rules.maximum), ("exclusiveMinimum", rules.exclusiveMinimum), ("exclusiveMaximum", rules.exclusiveMaximum)]
        fields += bounds.compactMap { key, value in value.map { "\(key): \(literal($0))" } }
        return fields.count == 1 ? type(parameter.type) : "{ " + fields.joined(separator: ", ") + " }"
    }

    private static func model(_ model: Model) -> [String] {
        var lines = ["\(scalar(model.name)):"]
        if let description = model.description { lines.append("  description: \(quoted(description))") }
        if let target = model.sameAs { return lines + ["  sameAs: \(quoted(target))"] }
        if model.deprecated { lines.append("  deprecated: true") }
        switch model.kind {
        case .enumeration(let cases, let rawType):
            // A number is written as it is (the loader checks it is one of the type), text quoted.
            let value = { (text: String) in rawType == .string ? quoted(text) : text }
            if rawType != .string { lines.append("  type: \(rawType)") }
            if cases.allSatisfy({ $0.description == nil }) {
                lines.append("  enum: [" + cases.map { value($0.value) }.joined(separator: ", ") + "]")
            } else {
                lines.append("  enum:")
                lines += cases.map { "    \(value($0.value)): \($0.description.map(quoted) ?? "null")" }
            }
        case .object(let properties):
            lines.append("  properties:" + (properties.isEmpty ? " {}" : ""))
            for property in properties {
                var fields = ["type: \(type(property.type))"]
                if property.wireName != property.name { fields.append("key: \(quoted(property.wireName))") }
                if let value = property.defaultValue { fields.append("default: \(literal(value))") }
                if let description = property.description { fields.append("description: \(quoted(description))") }
                if let mark = property.xml { fields.append("xml: " + xmlMark(mark)) }
                if property.deprecated { fields.append("deprecated: true") }
                switch property.null {
                case .absent: break
                case .sent: fields.append("required: true")
                case .kept: fields.append("nullable: true")
                }
                lines.append("    \(scalar(property.name)): { " + fields.joined(separator: ", ") + " }")
            }
            if let additional = model.additionalProperties { lines.append("  additionalProperties: \(type(additional))") }
        case .oneOf(let oneOf):
            lines.append("  oneOf: [" + oneOf.alternatives.map { type($0.type) }.joined(separator: ", ") + "]")
            if let discriminator = oneOf.discriminator { lines.append("  discriminator: \(quoted(discriminator))") }
            if !oneOf.mapping.isEmpty {
                lines.append("  mapping: { " + oneOf.mapping.map { "\(quoted($0.value)): \(quoted($0.model))" }.joined(separator: ", ") + " }")
            }
        }
        return lines
    }

    /// A property's `xml:` mark as the spec writes it.
    private static func xmlMark(_ mark: XMLMark) -> String {
        switch mark {
        case .attribute: "attribute"
        case .flattened: "flattened"
        case .wrapped(nil): "wrapped"
        case .wrapped(let item?): "{ wrapped: \(quoted(item)) }"
        }
    }

    /// A type, quoted: `[T]`, `T?` and `[String: T]` need it, and quoting all is uniform.
    /// A streamed response as the spec writes it: `bytes`, `{ events: T }` or `{ jsonLines: T }`.
    private static func streamedResponse(_ stream: ResponseStream, item: ResponseType) -> String {
        let written: String
        switch item {
        case .empty, .string: written = "String"
        case .data, .multipart: written = "Data"
        case .type(let type): written = self.type(type)
        }
        return stream == .bytes ? "bytes" : "{ \(stream.rawValue): \(written) }"
    }

    private static func type(_ type: TypeRef) -> String {
        quoted(type.description)
    }

    /// A default as a flow literal that resolves to the same value: strings quoted, numbers and booleans plain.
    private static func literal(_ value: SpecValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): String(bool)
        case .int(let int): String(int)
        case .double(let double): "\(double)"
        case .string(let text): quoted(text)
        case .array(let items): "[" + items.map(literal).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { "\(quoted($0.key)): \(literal($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// A name as a plain scalar when it is an ASCII identifier (our names are), quoted otherwise.
    private static func scalar(_ text: String) -> String {
        let plain = text.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return plain && !["true", "false", "null", "yes", "no", "on", "off", "y", "n"].contains(text.lowercased()) ? text : quoted(text)
    }

    /// `messageField: "message"`, or a flow sequence of several; `nil` for none.
    static func messageFieldEntry(_ fields: [String]) -> String? {
        guard fields.count > 1 else { return fields.first.map { "messageField: \(quoted($0))" } }
        return "messageField: [" + fields.map { quoted($0) }.joined(separator: ", ") + "]"
    }

    /// A double-quoted YAML scalar whose value is exactly `text`, an invisible character written `\uXXXX`. Beyond the
    /// Basic Multilingual Plane one is kept as it is: so the text is a JSON string as well (`Examples` writes JSON with
    /// it), as JSON has no escape for such a character but a surrogate pair, which YAML does not read.
    public static func quoted(_ text: String) -> String {
        QuotedLiteral.make(text) { scalar in
            guard scalar.value <= 0xFFFF else { return String(scalar) }
            let digits = String(scalar.value, radix: 16, uppercase: true)
            return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }
    }
}
