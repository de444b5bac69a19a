import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Transport {
    /// The default for transports that only buffer (`StubTransport`, yours): reads `file` into the body, sends it with
    /// `send(_:progress:)`, then writes a success body to the file `delivery` names or wraps it as a one-chunk stream.
    /// Correct, but it holds each body in memory; `URLSessionTransport` streams instead.
    public func send(
        _ request: URLRequest, uploading file: URL?, delivery: ResponseDelivery, progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> HTTPResponse {
        var request = request
        if let file { request.httpBody = try Data(contentsOf: file) }
        var response = try await send(request, progress: progress)
        guard (200..<300).contains(response.statusCode) else { return response }
        switch delivery {
        case .buffered:
            break
        case .stream:
            response.stream = ResponseBodyStream([response.data])
            response.data = Data()
        case .file(let destination):
            try response.data.write(to: destination, options: .atomic)
            response.file = destination
            response.data = Data()
        }
        return response
    }
}
