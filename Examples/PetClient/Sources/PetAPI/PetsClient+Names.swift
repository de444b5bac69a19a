import EndpointRuntime

/// Hand-written code beside the generated client: it extends `PetsClient` like any type of the target.
extension PetsClient {
    /// The names of the first `limit` pets, sorted.
    public func petNames(limit: Int? = nil) async throws(EndpointError) -> [String] {
        try await pets(limit: limit).map(\.name).sorted()
    }
}
