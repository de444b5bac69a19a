public import Diagnostics

/// How requests carry the token the app supplies at run time, e.g. `Authorization: JWT <token>`.
public struct Auth: Equatable, Sendable {
    /// Where the token goes.
    public enum Placement: String, Equatable, Sendable {
        /// A header such as `Authorization`, or a query item such as `api_key`.
        case header, query
    }

    /// A header (the default) or a query item.
    public var placement: Placement
    /// The header or query item name; `Authorization` by default.
    public var name: String
    /// The prefix before the token in a header, e.g. `JWT` or `Bearer`; `nil` sends the bare token.
    public var scheme: String?
    /// What endpoints that do not say otherwise require; `required` by default.
    public var defaultRequirement: AuthRequirement
    /// Where `auth` is written.
    public var location: SourceLocation

    /// Creates an auth description.
    public init(placement: Placement, name: String, scheme: String?, defaultRequirement: AuthRequirement, location: SourceLocation) {
        self.placement = placement
        self.name = name
        self.scheme = scheme
        self.defaultRequirement = defaultRequirement
        self.location = location
    }
}

/// Whether an endpoint sends the token.
public enum AuthRequirement: String, Equatable, Sendable, CaseIterable {
    /// Never sent.
    case none
    /// Sent when the app has one.
    case optional
    /// The request fails without one.
    case required
}
