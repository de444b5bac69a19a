import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Attaches a credential to requests for the configured server only: that of the first scheme the request may use
/// whose provider has one. On a 401 refreshes that scheme's credential (one refresh shared by every request in
/// flight with it) and retries once.
struct AuthMiddleware: Middleware {
    /// One scheme a client can authenticate with, and the refresher of its provider.
    struct Choice: Sendable {
        /// The scheme's name in `ClientConfiguration.authSchemes`, or `""` for `ClientConfiguration.auth`.
        let name: String
        let scheme: AuthScheme
        let refresher: TokenRefresher
    }

    /// Every scheme a client can authenticate with, and which ones a request that names none uses.
    struct Authentication: Sendable {
        /// The schemes with a provider, by name (`""`: the single `configuration.auth`).
        let choices: [String: Choice]
        /// The names tried, in order, for a request that names no scheme.
        let defaults: [String]
        /// The header and query item names of every configured scheme, provider or not: never logged.
        let secretNames: Set<String>

        init(configuration: ClientConfiguration, tokenProvider: (any TokenProvider)?, credentials: [String: any TokenProvider]) {
            var choices: [String: Choice] = [:]
            if let auth = configuration.auth, let tokenProvider {
                choices[""] = Choice(name: "", scheme: auth, refresher: TokenRefresher(provider: tokenProvider))
            }
            for (name, scheme) in configuration.authSchemes {
                if let provider = credentials[name] {
                    choices[name] = Choice(name: name, scheme: scheme, refresher: TokenRefresher(provider: provider))
                }
            }
            self.choices = choices
            defaults = configuration.auth != nil ? [""] + configuration.defaultAuthSchemes : configuration.defaultAuthSchemes
            let schemes = [configuration.auth].compactMap { $0 } + configuration.authSchemes.values
            secretNames = schemes.reduce(into: []) { $0.formUnion($1.secretNames) }
        }

        /// Whether no scheme has a provider (the client needs no auth middleware).
        var isEmpty: Bool { choices.isEmpty }
    }

    let authentication: Authentication
    let server: ServerAddress

    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        guard request.auth != .none, let url = request.urlRequest.url, server.isSameOrigin(as: url) else {
            return try await next(request)
        }
        let names = request.authSchemes.isEmpty ? authentication.defaults : request.authSchemes
        if request.keepsOwnCredentials, names.contains(where: { carries(request.urlRequest, credentialsOf: $0) }) {
            return try await next(request)
        }
        guard let (choice, token) = try await credential(among: names) else {
            if request.auth == .required {
                let named = names.filter { !$0.isEmpty }.map { "'\($0)'" }.joined(separator: " or ")
                if named.isEmpty { throw .invalidRequest("the endpoint requires authentication and no token is available") }
                throw .invalidRequest("the endpoint requires authentication (\(named)) and no credentials are available")
            }
            return try await next(request)
        }
        let response = try await next(authorized(request, with: token, scheme: choice.scheme))
        guard response.statusCode == 401, let fresh = await choice.refresher.refresh(replacing: token), fresh != token else {
            return response
        }
        var again = authorized(request, with: fresh, scheme: choice.scheme)
        again.retryCause = "401, credentials refreshed"
        return try await next(again)
    }

    /// Whether `request` already carries what scheme `name` would add: its header, query item or cookie.
    private func carries(_ request: URLRequest, credentialsOf name: String) -> Bool {
        guard let scheme = authentication.choices[name]?.scheme else { return false }
        switch scheme {
        case .header(let header, _):
            return request.value(forHTTPHeaderField: header) != nil
        case .basic:
            return request.value(forHTTPHeaderField: "Authorization") != nil
        case .query(let item):
            guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return false }
            return components.queryItems?.contains { $0.name == item } ?? false
        case .cookie(let cookie):
            let pairs = request.value(forHTTPHeaderField: "Cookie")?.split(separator: ";") ?? []
            return pairs.contains { $0.split(separator: "=", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces) == cookie }
        }
    }

    /// The first of `names` whose provider has a credential now, and that credential.
    private func credential(among names: [String]) async throws(EndpointError) -> (Choice, String)? {
        for name in names {
            guard let choice = authentication.choices[name] else { continue }
            if let token = try await choice.refresher.currentToken() { return (choice, token) }
        }
        return nil
    }

    private func authorized(_ request: PipelineRequest, with token: String, scheme: AuthScheme) -> PipelineRequest {
        var request = request
        switch scheme {
        case .header(let name, let prefix):
            request.urlRequest.allHTTPHeaderFields = Self.fields(of: request.urlRequest, setting: name, to: prefix.map { "\($0) \(token)" } ?? token)
        case .basic:
            request.urlRequest.allHTTPHeaderFields = Self.fields(of: request.urlRequest, setting: "Authorization", to: "Basic \(token)")
        case .query(let name):
            if let url = request.urlRequest.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
                let item = "\(PercentEncoding.encode(name))=\(PercentEncoding.encode(token))"
                components.percentEncodedQuery = [components.percentEncodedQuery, item].compactMap { $0 }.joined(separator: "&")
                request.urlRequest.url = components.url
            }
        case .cookie(let name):
            let pair = PercentEncoding.encodeCookieName(name) + "=" + PercentEncoding.encodeCookieValue(token)
            let existing = request.urlRequest.value(forHTTPHeaderField: "Cookie").flatMap { $0.isEmpty ? nil : $0 }
            request.urlRequest.allHTTPHeaderFields = Self.fields(of: request.urlRequest, setting: "Cookie", to: [existing, pair].compactMap { $0 }.joined(separator: "; "))
        }
        return request
    }

    /// The request's header fields with `name` (any case) set to `value` alone. All the fields at once:
    /// `setValue(_:forHTTPHeaderField:)` costs twice as much on Linux.
    private static func fields(of request: URLRequest, setting name: String, to value: String) -> [String: String] {
        var fields = request.allHTTPHeaderFields ?? [:]
        let lowercasedName = name.lowercased()
        for key in fields.keys where key.lowercased() == lowercasedName { fields[key] = nil }
        fields[name] = value
        return fields
    }
}
