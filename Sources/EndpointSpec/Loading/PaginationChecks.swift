import Diagnostics

/// The checks of `paginate` that need the models: each path names a property, of a type that fits what it is for;
/// and the generated `…Pages` and `…Items` methods take no other endpoint's name.
struct PaginationChecks {
    let checks: SpecChecks

    func run() {
        let members = Dictionary(checks.spec.endpoints.map { (SwiftName.member($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        for endpoint in checks.spec.endpoints {
            guard let pagination = endpoint.pagination else { continue }
            let owner = "'paginate' of endpoint '\(endpoint.name)'"
            checkMethodNames(endpoint, pagination, members: members, owner: owner)
            guard case .type(let page) = endpoint.response else { continue }
            switch pagination.next {
            case .url(let path):
                check(path, in: page, owner: owner, what: "the next page's URL", fits: [.string, .url], expected: "a String or URL")
            case .cursor(let from, _):
                check(from, in: page, owner: owner, what: "the cursor", fits: [.string, .int, .int32, .int64], expected: "a String or an integer")
            case .header, .link, .page, .offset:
                break
            }
            if let items = pagination.items {
                guard let type = resolved(items, in: page, owner: owner) else { continue }
                if !type.unwrapped.isArray {
                    checks.sink.error(
                        "the items '\(items.text)' of \(owner) are '\(type)', not an array", at: checks.sink.span(of: items.text, at: items.location))
                }
            }
        }
    }

    /// The type at `path`, or `nil` after reporting why there is none (or when a model on the way did not decode).
    private func resolved(_ path: PaginationPath, in page: TypeRef, owner: String) -> TypeRef? {
        let span = checks.sink.span(of: path.text, at: path.location)
        switch checks.spec.resolve(path, in: page) {
        case .properties(let properties):
            return properties.last?.type
        case .unknownModel:
            return nil
        case .notAnObject(let key, let type):
            if type.modelNames.contains(where: checks.damage.brokenModels.contains) { return nil }
            checks.sink.error("'\(path.text)' in \(owner) reads '\(key)' from '\(type)', which is not an object model", at: span)
        case .noProperty(let key, let model):
            if checks.damage.brokenModels.contains(model.name) { return nil }
            guard case .object(let properties) = model.kind else { return nil }
            let keys = properties.map(\.wireName)
            let note = checks.sink.note(
                "model '\(model.name)' has the keys \(keys.map { "'\($0)'" }.joined(separator: ", "))", at: checks.sink.span(of: model.name, at: model.location))
            checks.sink.error(
                "'\(path.text)' in \(owner) reads '\(key)', but model '\(model.name)' has no property with that key"
                    + Suggestion.hint(for: key, in: keys), at: span, notes: [note])
        }
        return nil
    }

    private func check(_ path: PaginationPath, in page: TypeRef, owner: String, what: String, fits: [TypeRef], expected: String) {
        guard let type = resolved(path, in: page, owner: owner), !fits.contains(type.unwrapped) else { return }
        checks.sink.error("\(what) '\(path.text)' of \(owner) is '\(type)'; it must be \(expected)",
                          at: checks.sink.span(of: path.text, at: path.location))
    }

    /// `userPages` and `userItems` are methods of the client, so no endpoint may be called so.
    private func checkMethodNames(_ endpoint: Endpoint, _ pagination: Pagination, members: [String: Endpoint], owner: String) {
        let base = SwiftName.member(endpoint.name)
        for suffix in ["Pages", "Items"] {
            guard let other = members[base + suffix] else { continue }
            let note = checks.sink.note("\(owner) is here", at: checks.sink.span(of: "paginate", at: pagination.location))
            checks.sink.error(
                "endpoint '\(other.name)' has the name of the method '\(base + suffix)' that paginating endpoint '\(endpoint.name)' adds; rename one",
                at: checks.sink.span(of: other.name, at: other.location), notes: [note])
        }
    }
}
