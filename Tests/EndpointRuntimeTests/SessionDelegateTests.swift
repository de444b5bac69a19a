@testable import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which authentication challenges the session delegate refuses on Darwin, handing the task's caller the 401 instead
/// of letting a stored credential answer it (the Darwin side of `SessionDelegate`'s challenge handler; Linux's side is
/// covered live by `HTTPBinTests/AuthTests`).
@Suite(.timeLimit(.minutes(2))) struct SessionDelegateTests {
    static func space(_ method: String) -> URLProtectionSpace {
        URLProtectionSpace(host: "api.example.com", port: 443, protocol: "https", realm: "api", authenticationMethod: method)
    }

    @Test(arguments: [
        NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodNTLM,
        NSURLAuthenticationMethodNegotiate, NSURLAuthenticationMethodDefault, "NSURLAuthenticationMethodOfTheFuture",
    ])
    func theServersHTTPAuthenticationIsRefused(method: String) {
        #expect(SessionDelegate.isServerAuthentication(Self.space(method)))
    }

    /// Spelled out: FoundationNetworking marks `NSURLAuthenticationMethodServerTrust` and `...ClientCertificate` unavailable.
    @Test(arguments: ["NSURLAuthenticationMethodServerTrust", "NSURLAuthenticationMethodClientCertificate"])
    func tlsChallengesKeepTheDefaultHandling(method: String) {
        #expect(!SessionDelegate.isServerAuthentication(Self.space(method)))
    }

    @Test func aProxysChallengeKeepsTheDefaultHandling() {
        let proxy = URLProtectionSpace(
            proxyHost: "proxy.example.com", port: 8080, type: NSURLProtectionSpaceHTTPProxy, realm: nil,
            authenticationMethod: NSURLAuthenticationMethodHTTPBasic)
        #expect(proxy.isProxy())
        #expect(!SessionDelegate.isServerAuthentication(proxy))
    }

    /// A redirect keeps credentials only within the origin, by the same rule as the auth middleware's: a port the
    /// scheme implies is the same as none.
    @Test(arguments: [
        ("https://h/a", "https://h:443/b", true), ("http://h/a", "http://h:80/b", true), ("https://H/a", "https://h/b", true),
        ("https://h:8443/a", "https://h/b", false), ("http://h/a", "https://h/b", false), ("https://h/a", "https://g/a", false),
    ])
    func redirectsKeepCredentialsWithinTheOriginDefaultPortsIncluded(from: String, to: String, same: Bool) throws {
        let a = try #require(URL(string: from)), b = try #require(URL(string: to))
        #expect(SessionDelegate.sameOrigin(a, b) == same)
        #expect(try #require(ServerAddress(url: a)).isSameOrigin(as: b) == same, "the auth middleware's rule agrees")
    }
}

/// FoundationNetworking truncates a timeout to whole seconds (0.3 s would fail at once, 2.5 s end at 2 s): the transport
/// rounds it up there, and the runtime's own deadline ends the call on time. Darwin keeps the fraction.
@Suite(.timeLimit(.minutes(2))) struct WholeSecondTimeoutTests {
    @Test(arguments: [(0.3, 1.0), (2.5, 3.0), (2.0, 2.0), (60.0, 60.0)])
    func aFractionalTimeoutIsRoundedUpOnLinux(timeout: TimeInterval, linux: TimeInterval) throws {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/")))
        request.timeoutInterval = timeout
        #if canImport(FoundationNetworking)
        #expect(LinuxURLSession.wholeSecondTimeout(request).timeoutInterval == linux)
        #else
        #expect(LinuxURLSession.wholeSecondTimeout(request).timeoutInterval == timeout)
        #endif
    }
}
