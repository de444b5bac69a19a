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
