/// Which operations of an OpenAPI document to import, so a user can generate the slice of a large API they use, and
/// what to name the client.
///
/// An operation is imported when no filter is given, or when it matches any filter given.
///
/// ```swift
/// ImportOptions(tags: ["Customers"], paths: ["/v1/charges*"], operations: ["GetBalance"])
/// ```
public struct ImportOptions: Equatable, Sendable {
    /// Operation tags, e.g. `pets`.
    public var tags: [String]
    /// Paths as written in the document, e.g. `/pets/{petId}`; a trailing `*` matches any path with that prefix.
    public var paths: [String]
    /// Operation ids as written, e.g. `listPets`, or the endpoint names derived from them, e.g. `getPetsPetId`.
    public var operations: [String]
    /// The client's name, e.g. `Spotify`; `nil` names it after `info.title`.
    public var name: String?
    /// Whether a JSON body that is an object with properties is spread into one argument per property
    /// (`createPet(name:tag:)`, the default) or passed whole (`createPet(_ pet: NewPet)`). Arrays, maps and free-form
    /// bodies are always passed whole; form and multipart bodies are always spread.
    public var spreadsObjectBodies: Bool

    /// Options that import the operations matching any of the filters, or every operation when all are empty.
    public init(tags: [String] = [], paths: [String] = [], operations: [String] = [], name: String? = nil, spreadsObjectBodies: Bool = true) {
        self.tags = tags
        self.paths = paths
        self.operations = operations
        self.name = name
        self.spreadsObjectBodies = spreadsObjectBodies
    }

    /// Whether any filter is set.
    public var isFiltering: Bool { !(tags.isEmpty && paths.isEmpty && operations.isEmpty) }

    /// Whether an operation with these tags, path and names is imported.
    func includes(tags operationTags: [String], path: String, names: [String]) -> Bool {
        guard isFiltering else { return true }
        if operationTags.contains(where: tags.contains) { return true }
        if names.contains(where: operations.contains) { return true }
        return paths.contains { pattern in
            pattern.hasSuffix("*") ? path.hasPrefix(String(pattern.dropLast())) : path == pattern
        }
    }
}
