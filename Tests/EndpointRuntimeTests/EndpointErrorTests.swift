import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one error type: mapping from transport errors, reasons and status codes.
@Suite struct EndpointErrorTests {
    @Test func urlErrorsMapByCode() {
        #expect(EndpointError(URLError(.timedOut)) == .timeout)
        #expect(EndpointError(URLError(.cancelled)) == .cancelled)
        #expect(EndpointError(CancellationError()) == .cancelled)
        guard case .transport(let code, _) = EndpointError(URLError(.cannotConnectToHost)) else {
            Issue.record("not a transport failure")
            return
        }
        #expect(code == .cannotConnectToHost)
    }

    @Test func reasonsWithoutStatus() {
        #expect(EndpointError.timeout.failureReason == "The request timed out.")
        #expect(EndpointError.cancelled.failureReason == "The request was cancelled.")
        #expect(EndpointError.transport(code: .notConnectedToInternet, description: "offline").failureReason == "The connection failed (URLError -1009): offline.")
        let statuses = [EndpointError.timeout, .cancelled, .invalidRequest("x"), .transport(code: .unknown, description: "")].map(\.statusCode)
        #expect(statuses == [nil, nil, nil, nil])
    }
}
