import Mustache

/// An endpoint's error bodies by status, when it documents several types: the enum nested in the endpoints enum, and
/// the client's method that decodes an error response as the type its status documents.
public struct ErrorBodiesContext: Codable, Equatable, Sendable {
    /// The enum's name, e.g. `SendMessageErrorBody`.
    public var typeName: String
    /// The same qualified by the endpoints enum, e.g. `ChatEndpoints.SendMessageErrorBody`.
    public var qualifiedTypeName: String
    /// The client's method, e.g. `sendMessageErrorBody`.
    public var methodName: String
    /// The documented statuses, exact ones first, then ranges.
    public var cases: [ErrorBodyCaseContext]
    /// The Swift type of every other error status's body (`default`, else the spec's `errors.model`), or `null`.
    public var otherType: String?
}

/// One documented error status.
public struct ErrorBodyCaseContext: Codable, Equatable, Sendable {
    /// The case, e.g. `tooManyRequests` for 429, `clientError` for 4XX.
    public var name: String
    /// The Swift type its body decodes into.
    public var type: String
    /// The status as written in the spec, e.g. `429` or `4XX`.
    public var status: String
    /// The `switch` pattern, e.g. `429` or `400...499`.
    public var pattern: String
}

extension ErrorBodiesContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "typeName": typeName.mustacheValue,
            "qualifiedTypeName": qualifiedTypeName.mustacheValue,
            "methodName": methodName.mustacheValue,
            "cases": cases.mustacheValue,
            "otherType": otherType.mustacheValue,
        ])
    }
}

extension ErrorBodyCaseContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "name": name.mustacheValue,
            "type": type.mustacheValue,
            "status": status.mustacheValue,
            "pattern": pattern.mustacheValue,
        ])
    }
}
