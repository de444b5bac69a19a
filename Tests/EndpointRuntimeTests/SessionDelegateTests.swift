@testable import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which authentication challenges the session delegate refuses on Darwin, handing the task's caller the 401 instead
/// of letting a stored credential answer it (the Darwin side of `SessionDelegate`'s challenge handler; Linux's side is
/// covered live by `HTTPBinTests/AuthTests`).
@Suite struct SessionDelegateTests {
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
}
