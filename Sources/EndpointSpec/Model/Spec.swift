public import Diagnostics

/// One API as a spec file describes it, validated and resolved: the generator needs no further checks.
public struct Spec: Equatable, Sendable {
    /// The API's name, e.g. `Auth` (the generator derives `AuthClient`, `AuthModels` from it).
    public var name: String
    /// Where the server is.
    public var server: Server
    /// The API version, e.g. `1.0`; templates refer to it as `{version}`.
    public var version: String?
    /// Values the app supplies at run time, e.g. `deviceType`; templates refer to them as `{deviceType}`.
    public var variables: [Variable]
    /// Query items and headers sent with every request.
    public var defaults: Defaults
    /// How requests carry the app's token, if the API needs one.
    public var auth: Auth?
    /// Timeouts, rate limit, concurrency and retries for the whole client.
    public var policy: Policy
    /// Where the server puts its error text and what to show when it puts none.
    public var errors: ErrorPolicy
    /// The endpoints, in source order.
    public var endpoints: [Endpoint]
    /// The models, in source order: those of included files first, in include order, then this file's.
    public var models: [Model]
    /// Where the spec starts.
    public var location: SourceLocation

    /// Creates a spec.
    /// Whether the client also gets completion-handler variants of its methods (`completionHandlers: true`).
    public var completionHandlers: Bool

    public init(
        name: String, server: Server, version: String?, variables: [Variable], defaults: Defaults, auth: Auth?,
        policy: Policy, errors: ErrorPolicy, endpoints: [Endpoint], models: [Model], completionHandlers: Bool = false,
        location: SourceLocation
    ) {
        self.completionHandlers = completionHandlers
        self.name = name
        self.server = server
        self.version = version
        self.variables = variables
        self.defaults = defaults
        self.auth = auth
        self.policy = policy
        self.errors = errors
        self.endpoints = endpoints
        self.models = models
        self.location = location
    }

    /// The model declared with this name, if any.
    public func model(named name: String) -> Model? {
        models.first { $0.name == name }
    }
}
