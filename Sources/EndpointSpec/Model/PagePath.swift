/// What a dotted path of JSON keys (`paginate`'s `items`, `from` or `url`) reaches in a page.
public enum PagePathResolution: Equatable, Sendable {
    /// The properties the path walks through, outermost first; the last one's type is what the path holds.
    case properties([Property])
    /// The keys before `key` hold `type`, which is no object model, so `key` cannot be read from it.
    case notAnObject(key: String, type: TypeRef)
    /// The object model `model` has no property with the JSON key `key`.
    case noProperty(key: String, model: Model)
    /// The path runs through `model`, which did not decode (already reported).
    case unknownModel(String)
}

extension Spec {
    /// Walks `path` from `type` (the endpoint's response) through object models' properties, by their JSON keys.
    public func resolve(_ path: PaginationPath, in type: TypeRef) -> PagePathResolution {
        var current = type
        var walked: [Property] = []
        for key in path.keys {
            guard case .model(let name) = current.unwrapped else { return .notAnObject(key: key, type: current) }
            guard let model = models.first(where: { $0.name == name }) else { return .unknownModel(name) }
            guard case .object(let properties) = model.kind else { return .notAnObject(key: key, type: current) }
            guard let property = properties.first(where: { $0.wireName == key }) else { return .noProperty(key: key, model: model) }
            walked.append(property)
            current = property.type
        }
        return .properties(walked)
    }
}
