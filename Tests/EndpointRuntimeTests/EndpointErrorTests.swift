import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one error type: mapping from transport errors, reasons and status codes.
@Suite(.timeLimit(.minutes(2))) struct EndpointErrorTests {
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

    /// A transport failure's description is the platform's words in the user's language: equality ignores it, so
    /// an app's `error == .transport(code: .notConnectedToInternet, ...)` holds on every platform and in every language.
    @Test func transportFailuresAreEqualByCodeNotByWording() {
        let english = URLError(.notConnectedToInternet, userInfo: [NSLocalizedDescriptionKey: "The Internet connection appears to be offline."])
        let french = URLError(.notConnectedToInternet, userInfo: [NSLocalizedDescriptionKey: "La connexion Internet semble être désactivée."])
        #expect(EndpointError(english) == EndpointError(french))
        #expect(EndpointError(english) == .transport(code: .notConnectedToInternet, description: ""))
        #expect(EndpointError(english) != EndpointError(URLError(.cannotConnectToHost, userInfo: english.userInfo)))
        #expect(EndpointError(english) != .timeout)
        guard case .transport(_, let description) = EndpointError(french) else {
            Issue.record("not a transport failure")
            return
        }
        #expect(description == "La connexion Internet semble être désactivée.", "the wording is kept for display")
    }

    /// The other cases still compare every associated value.
    @Test func otherFailuresCompareEveryValue() {
        #expect(EndpointError.invalidRequest("a") != .invalidRequest("b"))
        #expect(EndpointError.unacceptableStatus(statusCode: 404, message: "m", body: Data()) != .unacceptableStatus(statusCode: 404, message: "m", body: Data([1])))
        #expect(EndpointError.unacceptableStatus(statusCode: 404, message: "m", body: Data()) != .unacceptableStatus(statusCode: 404, message: "n", body: Data()))
        #expect(EndpointError.unacceptableContentType("text/html", statusCode: 200, body: Data()) != .unacceptableContentType(nil, statusCode: 200, body: Data()))
        #expect(EndpointError.decodingFailed(type: "T", path: "a", reason: "r", statusCode: 200, body: Data())
            != .decodingFailed(type: "T", path: "b", reason: "r", statusCode: 200, body: Data()))
        #expect(EndpointError.decodingFailed(type: "T", path: "a", reason: "r", statusCode: 200, body: Data())
            == .decodingFailed(type: "T", path: "a", reason: "r", statusCode: 200, body: Data()))
        #expect(EndpointError.cancelled == .cancelled)
        #expect(EndpointError.cancelled != .timeout)
    }

    @Test func reasonsWithoutStatus() {
        #expect(EndpointError.timeout.failureReason == "The request timed out.")
        #expect(EndpointError.cancelled.failureReason == "The request was cancelled.")
        #expect(EndpointError.transport(code: .notConnectedToInternet, description: "offline").failureReason == "The connection failed (URLError -1009): offline.")
        let statuses = [EndpointError.timeout, .cancelled, .invalidRequest("x"), .transport(code: .unknown, description: "")].map(\.statusCode)
        #expect(statuses == [nil, nil, nil, nil])
    }
}
