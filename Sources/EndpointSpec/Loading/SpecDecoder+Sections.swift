import Diagnostics
import YAML

extension SpecDecoder {
    /// `server: { scheme, host, port, basePath }`.
    func server(_ node: YAMLNode) -> Server? {
        guard let fields = fields(node, "'server'", allowed: ["scheme", "host", "port", "basePath"], required: ["host"]) else { return nil }
        // An invalid scheme or port is reported and the load fails, so the fallback never reaches a spec.
        let scheme = fields["scheme"].flatMap { choice($0, "scheme", as: Server.Scheme.self) } ?? .https
        let port = fields["port"].flatMap { int($0, "'port'", in: 1...65535) }
        let host = fields["host"].flatMap(self.host)
        var basePath = ""
        if let node = fields["basePath"], let path = string(node, "'basePath'") {
            if !path.hasPrefix("/") {
                sink.error("basePath '\(path)' must start with '/'", at: node)
            } else if let parts = templateParts(path, at: node, context: "the server's basePath") {
                basePath = Self.text(of: parts)
                if basePath.hasSuffix("/") { basePath.removeLast() }
            }
        }
        guard let host else { return nil }
        return Server(scheme: scheme, host: host, port: port, basePath: basePath, location: node.location)
    }

    /// The host, whose `{name}` placeholders (a server variable such as `{region}.api.example.com`) name declared
    /// variables; the client fills them in when it is made.
    private func host(_ node: YAMLNode) -> String? {
        guard let written = string(node, "'host'"), let parts = templateParts(written, at: node, context: "the server's host") else { return nil }
        let host = Self.text(of: parts)
        // A placeholder stands for one or more DNS labels: checked as one.
        let sample = Template.replacingPlaceholders(in: host) { _ in "x" }
        if let problem = Self.hostProblem(sample) {
            sink.error("bad host '\(written)': \(problem)", at: node)
            Template.placeholderNames(in: host).forEach(damage.mention)  // used, though the host is refused
            return nil
        }
        return host
    }

    /// Template parts as text again, placeholders as `{name}`.
    private static func text(of parts: [TemplatePart]) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): text
            case .placeholder(let name): "{\(name)}"
            }
        }.joined()
    }

    /// Why `host` is not a DNS name, an IPv4 address or a bracketed IPv6 address; `nil` when it is one.
    static func hostProblem(_ host: String) -> String? {
        if host.contains("/") || host.contains(":") && !host.hasPrefix("[") {
            return "give the host name alone; 'scheme', 'port' and 'basePath' are keys of their own"
        }
        if host.hasPrefix("["), host.hasSuffix("]"), host.count > 2 {
            let inner = host.dropFirst().dropLast()
            return inner.contains(":") && inner.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) ? nil : "not an IPv6 address"
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let valid = !host.isEmpty && host.count <= 253 && labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
        return valid ? nil : "a host is a DNS name (letters, digits, '-' and '.'), an IPv4 address or a bracketed IPv6 address"
    }

    /// `policy: { timeout, totalTimeout, rateLimit, maxConcurrentRequests, retry, acceptableContentTypes, dates, unwrap, wrap }`.
    func policy(_ node: YAMLNode) -> Policy {
        let keys = ["timeout", "totalTimeout", "rateLimit", "maxConcurrentRequests", "retry", "acceptableContentTypes", "dates", "unwrap", "wrap"]
        guard let fields = fields(node, "'policy'", allowed: keys) else { return Policy() }
        return Policy(
            timeout: fields["timeout"].flatMap { duration($0, "timeout") },
            rateLimit: fields["rateLimit"].flatMap(rateLimit),
            maxConcurrentRequests: fields["maxConcurrentRequests"].flatMap { int($0, "'maxConcurrentRequests'", in: 1...10_000) },
            retry: fields["retry"].flatMap { $0.text == "none" ? nil : retry($0) },
            acceptableContentTypes: fields["acceptableContentTypes"].map(contentTypes) ?? [],
            dates: fields["dates"].flatMap { choice($0, "date format", as: DateFormat.self) } ?? .iso8601,
            unwrap: fields["unwrap"].flatMap { envelopePath($0, "unwrap", allowsNone: false) ?? nil },
            wrap: fields["wrap"].flatMap { envelopePath($0, "wrap", allowsNone: false) ?? nil },
            totalTimeout: fields["totalTimeout"].flatMap { duration($0, "totalTimeout") }
        )
    }

    private func rateLimit(_ node: YAMLNode) -> RateLimit? {
        guard let text = string(node, "'rateLimit'") else { return nil }
        if let rate = DurationSyntax.rate(text) { return rate }
        let advice = DurationSyntax.rateSuggestion(for: text).map { "did you mean '\($0)'?" } ?? "write requests/period, e.g. 5/s, 100/min or 10/2s"
        sink.error("rateLimit '\(text)' does not parse; \(advice)", at: node)
        return nil
    }

    /// `retry: 2` or `retry: { attempts: 2, on: [502, 503, 504], backoff: exponential, delay: 500ms }`.
    func retry(_ node: YAMLNode) -> RetryPolicy? {
        if case .int = node.resolved {
            return int(node, "retry attempts", in: 1...100).map { RetryPolicy(attempts: $0, statuses: Self.retriedStatuses, backoff: .exponential, delay: Self.retryDelay) }
        }
        guard node.mapping != nil else {
            let written = node.text.map { "'\($0)'" } ?? "a \(node.kindDescription)"
            sink.error("retry \(written) does not parse; write a number of attempts, 'none', or a mapping with 'attempts', 'on', 'backoff' and 'delay'", at: node)
            return nil
        }
        guard let fields = fields(node, "'retry'", allowed: ["attempts", "on", "backoff", "delay"], required: ["attempts"]) else { return nil }
        let attempts = fields["attempts"].flatMap { int($0, "retry attempts", in: 1...100) }
        let conditions = fields["on"].map(retryConditions) ?? (Self.retriedStatuses, RetryFailure.allCases)
        let backoff = fields["backoff"].map { choice($0, "backoff", as: RetryPolicy.Backoff.self) } ?? .exponential
        let delay = fields["delay"].map { duration($0, "retry delay") } ?? Self.retryDelay
        guard let attempts, let conditions, let backoff, let delay else { return nil }
        return RetryPolicy(attempts: attempts, statuses: conditions.statuses, failures: conditions.failures, backoff: backoff, delay: delay)
    }

    /// Statuses retried when `retry` names no `on` (timeouts and connection failures are too).
    static let retriedStatuses = [502, 503, 504]
    /// The first wait when `retry` names none.
    static let retryDelay = Duration.milliseconds(500)

    private func contentTypes(_ node: YAMLNode) -> [String] {
        (sequence(node, "'acceptableContentTypes'") ?? []).compactMap { mediaType($0, "a content type") }
    }

    /// `errors: { messageField, fallback, model }`.
    func errorPolicy(_ node: YAMLNode) -> ErrorPolicy {
        guard let fields = fields(node, "'errors'", allowed: ["messageField", "fallback", "model"]) else { return ErrorPolicy() }
        return ErrorPolicy(
            messageFields: fields["messageField"].map(messageFields) ?? [],
            fallback: optionalString(fields["fallback"], "'fallback'"),
            model: fields["model"].flatMap { type($0, "the error model") }
        )
    }
}
