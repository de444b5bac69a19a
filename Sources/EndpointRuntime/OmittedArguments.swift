/// The last parameter of the generated overloads that fill in an endpoint's default arguments: never passed, it only
/// gives them a name that no protocol requirement has.
///
/// Without it such an overload (`fooWithResponse(id:limit:)` with `limit: Int? = nil`, calling
/// `fooWithResponse(id:limit:)`) would have the requirement's own name and type, so a conforming type that left the
/// requirement out would compile and then call itself forever.
public struct OmittedArguments: Sendable {
    /// The only value, the default of every such parameter.
    public init() {}
}
