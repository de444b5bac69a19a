extension EndpointClient {
    /// Sends `request` and returns its decoded body, status and headers, with the headers its endpoint declares read
    /// into `Headers`; a required one that is missing or does not parse fails the call with `.decodingFailed`
    /// (through `onFailure`, like every failure).
    public func response<R, Headers: DeclaredHeaders>(
        for request: Request<R>, declaring headers: Headers.Type, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(EndpointError) -> DeclaredResponse<R, Headers> {
        try await send(request, progress: progress) { response throws(EndpointError) in try DeclaredResponse(response) }
    }
}
