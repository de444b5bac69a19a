public import Diagnostics

/// The type an endpoint's error responses of one status decode into, from `error: { 401: Challenge, 429: RateLimited }`.
public struct StatusErrorModel: Equatable, Sendable {
    /// A status (`401`), a range of them (`4XX`), or `default` for every other error status, as ``statusKey(_:)``
    /// writes it.
    public var status: String
    /// What the body decodes into.
    public var type: TypeRef
    /// Where the status is written.
    public var location: SourceLocation

    /// Creates one status's error model.
    public init(status: String, type: TypeRef, location: SourceLocation) {
        self.status = status
        self.type = type
        self.location = location
    }

    /// `written` as an error status key: `400`...`599`, `4XX` or `5XX` (`4xx` is `4XX`), or `default`; `nil` for
    /// anything else. Spec and document keys go through it, so one status is one key however it is written.
    public static func statusKey(_ written: String) -> String? {
        if written == "default" { return written }
        let status = written.uppercased()
        guard status.count == 3, status.first == "4" || status.first == "5" else { return nil }
        return status.dropFirst() == "XX" || status.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) ? status : nil
    }

    /// The models in the order a response's status is matched against them: exact statuses first, then ranges.
    public static func matchingOrder(_ models: [StatusErrorModel]) -> [StatusErrorModel] {
        models.filter { !$0.status.hasSuffix("XX") } + models.filter { $0.status.hasSuffix("XX") }
    }
}

extension Endpoint {
    /// Every type an error response of the endpoint may decode into.
    public var errorTypes: [TypeRef] {
        [errorModel].compactMap { $0 } + errorModels.map(\.type)
    }
}
