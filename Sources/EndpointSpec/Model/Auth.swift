public import Diagnostics

/// How requests carry the credentials the app supplies at run time, e.g. `Authorization: JWT <token>`: one scheme (the
/// single form, `auth: { header: Authorization, scheme: JWT }`) or several named ones (`auth: { schemes: {...} }`).
public struct Auth: Equatable, Sendable {
    /// Where the credential goes.
    public enum Placement: String, Equatable, Sendable {
        /// A header such as `Authorization`, a query item such as `api_key`, or a cookie such as `session`.
        case header, query, cookie
        /// HTTP basic auth: `Authorization: Basic <base64 of user:password>`, from a user name and password.
        case basic
    }

    /// The single form's placement: a header (the default), a query item, a cookie or basic auth.
    public var placement: Placement
    /// The single form's header, query item or cookie name; `Authorization` by default (and for basic auth).
    public var name: String
    /// The single form's prefix before the token in a header, e.g. `JWT` or `Bearer`; `nil` sends the bare token.
    public var scheme: String?
    /// What endpoints that do not say otherwise require; `required` by default (`none` in the named form unless
    /// `default` names schemes).
    public var defaultRequirement: AuthRequirement
    /// The named form's schemes in spec order, e.g. `user` and `admin`; empty in the single form.
    public var schemes: [AuthSchemeDefinition]
    /// The named form's schemes endpoints use unless they name their own, in order: the first with credentials is used.
    public var defaultSchemes: [String]
    /// Where `auth` is written.
    public var location: SourceLocation

    /// Creates an auth description; without `schemes`, the single form.
    public init(
        placement: Placement, name: String, scheme: String?, defaultRequirement: AuthRequirement,
        schemes: [AuthSchemeDefinition] = [], defaultSchemes: [String] = [], location: SourceLocation
    ) {
        self.placement = placement
        self.name = name
        self.scheme = scheme
        self.defaultRequirement = defaultRequirement
        self.schemes = schemes
        self.defaultSchemes = defaultSchemes
        self.location = location
    }

    /// Whether `auth` names its schemes (`auth: { schemes: ... }`).
    public var isNamed: Bool { !schemes.isEmpty }
}

/// One named scheme of `auth: { schemes: ... }`, e.g. `admin: { header: X-Admin-Key }`.
public struct AuthSchemeDefinition: Equatable, Sendable {
    /// The scheme's name, e.g. `admin`, which endpoints use (`auth: admin`).
    public var name: String
    /// Where the credential goes.
    public var placement: Auth.Placement
    /// The header, query item or cookie name; `Authorization` for basic auth.
    public var key: String
    /// The prefix before the token in a header, e.g. `Bearer`; `nil` sends the bare token.
    public var prefix: String?
    /// Where the scheme's name is written.
    public var location: SourceLocation

    /// Creates a scheme definition.
    public init(name: String, placement: Auth.Placement, key: String, prefix: String?, location: SourceLocation) {
        self.name = name
        self.placement = placement
        self.key = key
        self.prefix = prefix
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
