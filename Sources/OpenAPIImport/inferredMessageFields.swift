import EndpointSpec

/// Where the error model of a document keeps the server's message, for `errors.messageField`: its string members
/// named as most APIs name it (`message`, `error_description`, `detail`, `error`, `title`, `msg`, in that order of
/// preference), a `detail` or `errors` list of validation errors, and `error.message` in a nested error object.
/// Empty when the model has none of them: the client then tries the common fields at run time.
func inferredMessageFields(errorModel: TypeRef?, models: [Model]) -> [String] {
    func properties(of type: TypeRef?) -> [Property] {
        guard case .model(let name)? = type?.unwrapped, case .object(let properties)? = models.first(where: { $0.name == name })?.kind else { return [] }
        return properties
    }
    let members = properties(of: errorModel)
    func member(_ wireName: String) -> Property? { members.first { $0.wireName == wireName } }
    func isText(_ property: Property?) -> Bool { property?.type.unwrapped == .string }
    func isList(_ property: Property?) -> Bool {
        guard case .array? = property?.type.unwrapped else { return false }
        return true
    }
    var fields: [String] = []
    for name in ["message", "error_description", "error.message", "detail", "error", "title", "msg", "errors"] {
        if name == "error.message" {
            if properties(of: member("error")?.type).contains(where: { $0.wireName == "message" && $0.type.unwrapped == .string }) { fields.append(name) }
        } else if isText(member(name)) || ((name == "detail" || name == "errors") && isList(member(name))) {
            fields.append(name)
        }
    }
    return fields
}
