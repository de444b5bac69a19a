/// Remembers parsed type syntax for one load, so each distinct spelling is parsed once.
final class TypeCache {
    private var parsed: [String: Result<TypeRef, TypeSyntax.Failure>] = [:]

    func parse(_ text: String) -> Result<TypeRef, TypeSyntax.Failure> {
        if let result = parsed[text] { return result }
        let result = TypeSyntax.parse(text)
        parsed[text] = result
        return result
    }
}
