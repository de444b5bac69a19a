import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Moves one request over the wire; swap it (e.g. for `StubTransport`) in one line.
public protocol Transport: Sendable {
    /// Sends `request`, reporting progress if asked, and returns the response whatever its status.
    /// Throws `URLError` (or `CancellationError`) when no response arrives.
    func send(_ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> HTTPResponse

    /// Sends `request` with the body read from `file` (when given) and its success body delivered as `delivery` says.
    /// A default implementation (Transport+Streaming.swift) reads the file and buffers the body, then writes or wraps it.
    func send(
        _ request: URLRequest, uploading file: URL?, delivery: ResponseDelivery, progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> HTTPResponse
}
