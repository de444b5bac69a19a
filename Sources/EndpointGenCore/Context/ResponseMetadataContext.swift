/// What an endpoint gives besides its body: the `…WithResponse` variant of its method, which also returns the status
/// and headers, the struct of the headers the spec declares, and the JSON envelope its response is unwrapped from.
public struct ResponseMetadataContext: Codable, Equatable, Sendable {
    /// The Swift type the body decodes into, the request's type argument, e.g. `User` or `Empty`.
    public var bodyType: String
    /// The variant's method name, e.g. `userWithResponse`.
    public var withResponseName: String
    /// What the variant returns, e.g. `Response<User>`, or `DeclaredResponse<User, AuthEndpoints.UserHeaders>` when
    /// the endpoint declares response headers.
    public var withResponseType: String
    /// The variant's doc comment on the client, `///` included: what it adds, then the method's own.
    public var withResponseDocComment: [String]
    /// The same for the protocol and the fake (without the method and path, as `protocolDocComment`).
    public var protocolWithResponseDocComment: [String]
    /// True when the plain method returns the declared headers, because the body is `Empty` (a HEAD request, say).
    public var returnsDeclaredHeaders: Bool
    /// The opposite: the plain method returns the body, so the fake can answer the variant from the plain handler.
    public var returnsBody: Bool
    /// True when the endpoint declares response headers: its plain method is then a protocol requirement of its own
    /// (the fake answers it from its plain handler, which has no headers to read). Otherwise the plain method is in
    /// the protocol's extension and returns the variant's `body`: one method per endpoint for the compiler to build
    /// in the client and in the fake, not two.
    public var plainRequirement: Bool
    /// What `EndpointClient.response(for:)` gets after the request, e.g. `, declaring: AuthEndpoints.UserHeaders.self`, or
    /// nothing.
    public var declaringArgument: String
    /// The fake's handler that answers with a status and headers too, e.g. `userResponseHandler`.
    public var responseHandlerName: String
    /// How the fake turns its `Response` (in `_response`) into `withResponseType`, e.g. `try DeclaredResponse(_response)`.
    public var fakeResult: String
    /// The fake's error text for the variant without a handler, as a literal.
    public var missingResponseHandlerLiteral: String
    /// The request's `unwrap` argument as a literal, e.g. `"data"`, or `null` when the whole body is decoded.
    public var unwrapLiteral: String?
    /// The declared response headers' struct, or `null` when the endpoint declares none.
    public var headers: DeclaredHeadersContext?
}

/// The struct of an endpoint's declared response headers, nested in the endpoints enum.
public struct DeclaredHeadersContext: Codable, Equatable, Sendable {
    /// The struct's name, e.g. `UserHeaders`.
    public var typeName: String
    /// The same qualified by the endpoints enum, e.g. `AuthEndpoints.UserHeaders`.
    public var qualifiedTypeName: String
    /// The memberwise initializer's parameters, e.g. `eTag: String, lastModified: Date?`.
    public var initSignature: String
    /// The headers, in spec order.
    public var fields: [DeclaredHeaderContext]
}

/// One declared response header.
public struct DeclaredHeaderContext: Codable, Equatable, Sendable {
    /// The property name, escaped if needed, e.g. `eTag`.
    public var name: String
    /// The Swift type, e.g. `Date?`.
    public var type: String
    /// The property's doc comment, `///` included.
    public var docComment: [String]
    /// The expression reading it from `response`, e.g. `try response.header("ETag", as: String.self, in: "AuthEndpoints.UserHeaders")`.
    public var readExpression: String
}
