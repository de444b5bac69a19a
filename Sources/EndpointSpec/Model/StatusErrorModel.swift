public import Diagnostics

/// The type an endpoint's error responses of one status decode into, from `error: { 401: Challenge, 429: RateLimited }`.
public struct StatusErrorModel: Equatable, Sendable {
    /// A status (`401`), a range of them (`4XX`), or `default` for every other error status.
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

    /// Whether `status` is an error status key: `400`...`599`, `4XX`, `5XX`, or `default`.
    public static func isStatusKey(_ status: String) -> Bool {
        if status == "default" { return true }
        guard status.count == 3, status.first == "4" || status.first == "5" else { return false }
        return status.dropFirst() == "XX" || status.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
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
