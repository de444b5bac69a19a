/// The spec-wide settings an endpoint inherits unless it overrides them.
struct EndpointSettings {
    /// The spec's `auth`, whose `default` endpoints inherit.
    var auth: Auth?
    /// The spec's policy, whose `timeout` and `retry` endpoints inherit.
    var policy: Policy
    /// The spec's error policy, whose `model` endpoints inherit.
    var errors: ErrorPolicy
}
