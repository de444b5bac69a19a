import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Attaches the token to requests for the configured server only; on a 401 refreshes it (one refresh
/// shared by every request in flight) and retries once.
struct AuthMiddleware: Middleware {
    let scheme: AuthScheme
    let server: ServerAddress
    let refresher: TokenRefresher

    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        guard request.auth != .none, let url = request.urlRequest.url, server.isSameOrigin(as: url) else {
            return try await next(request)
        }
        guard let token = try await refresher.currentToken() else {
            if request.auth == .required {
                throw .invalidRequest("the endpoint requires authentication and no token is available")
            }
            return try await next(request)
        }
        let response = try await next(authorized(request, with: token))
        guard response.statusCode == 401, let fresh = await refresher.refresh(replacing: token), fresh != token else {
            return response
        }
        return try await next(authorized(request, with: fresh))
    }

    private func authorized(_ request: PipelineRequest, with token: String) -> PipelineRequest {
        var request = request
        switch scheme {
        case .header(let name, let prefix):
            // All the fields at once: `setValue(_:forHTTPHeaderField:)` costs twice as much on Linux.
            var fields = request.urlRequest.allHTTPHeaderFields ?? [:]
            let lowercasedName = name.lowercased()
            for key in fields.keys where key.lowercased() == lowercasedName { fields[key] = nil }
            fields[name] = prefix.map { "\($0) \(token)" } ?? token
            request.urlRequest.allHTTPHeaderFields = fields
        case .query(let name):
            if let url = request.urlRequest.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
                let item = "\(PercentEncoding.encode(name))=\(PercentEncoding.encode(token))"
                components.percentEncodedQuery = [components.percentEncodedQuery, item].compactMap { $0 }.joined(separator: "&")
                request.urlRequest.url = components.url
            }
        }
        return request
    }
}

/// Asks the provider for tokens and makes sure requests that fail together share one refresh.
actor TokenRefresher {
    private let provider: any TokenProvider
    private var refreshing: Task<String?, Never>?
    /// The token the last refresh replaced and what replaced it, so late 401s of the old token reuse it.
    private var lastRefresh: (stale: String, fresh: String?)?

    init(provider: any TokenProvider) { self.provider = provider }

    /// The provider's current token.
    nonisolated func currentToken() async throws(EndpointError) -> String? {
        do {
            return try await provider.token()
        } catch {
            throw .invalidRequest("the token provider failed: \(error)")
        }
    }

    /// A token to use instead of `stale`: the result of a refresh already done or running for it, or of a new one.
    func refresh(replacing stale: String) async -> String? {
        if let lastRefresh, lastRefresh.stale == stale { return lastRefresh.fresh }
        if let refreshing { return await refreshing.value }
        let provider = provider
        let task = Task { try? await provider.refreshToken() }
        refreshing = task
        let fresh = await task.value
        refreshing = nil
        lastRefresh = (stale, fresh)
        return fresh
    }
}
