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

    /// Options that import the operations matching any of the filters, or every operation when all are empty.
    public init(tags: [String] = [], paths: [String] = [], operations: [String] = [], name: String? = nil) {
        self.tags = tags
        self.paths = paths
        self.operations = operations
        self.name = name
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
