import Diagnostics
import YAML

extension SpecDecoder {
    /// The keys of `paginate`: one strategy, and where the items are.
    static let paginationStrategies = ["next", "cursor", "page", "offset"]

    /// `paginate: { cursor: { from: next, param: _next }, items: rows }` and the other strategies (docs/SpecFormat.md).
    ///
    /// What needs the models (that each path names a property of the right type) is checked later, in `SpecChecks`;
    /// here: the syntax, the query parameters the strategy sets, and that a strategy reading the body has a model.
    /// `complete`: whether every parameter decoded (else an undeclared one is not reported).
    func pagination(
        _ pair: YAMLPair, parameters: [Parameter], complete: Bool, response: ResponseType, responseNode: YAMLNode?, context: String
    ) -> Pagination? {
        let owner = "'paginate' of \(context)"
        let node = pair.value
        guard let fields = fields(node, owner, allowed: Self.paginationStrategies + ["items"]) else { return nil }
        let strategies = fields.pairs.filter { $0.key.text.map(Self.paginationStrategies.contains) ?? false }
        guard let strategy = strategies.first else {
            if fields.unknown.isEmpty {
                sink.error("\(owner) needs a strategy to find the next page: one of next, cursor, page, offset", at: pair.key)
            }
            return nil
        }
        for extra in strategies.dropFirst() {
            let first = sink.note("'\(strategy.key.text ?? "")' is given here", at: strategy.key)
            sink.error("\(owner) has more than one strategy; keep one of '\(strategy.key.text ?? "")' and '\(extra.key.text ?? "")'",
                       at: extra.key, notes: [first])
        }
        let items = fields["items"].flatMap { path($0, "the items of \(owner)") }
        let query = QueryParameters(parameters: parameters, complete: complete, owner: owner, decoder: self)
        let next: Pagination.Next?
        switch strategy.key.text {
        case "next": next = nextSource(strategy.value, owner)
        case "cursor":
            let keys = self.fields(strategy.value, "'cursor' of \(owner)", allowed: ["from", "param"], required: ["from", "param"])
            let from = keys?["from"].flatMap { path($0, "the cursor of \(owner)") }
            let parameter = keys?["param"].flatMap { query.name($0) }
            next = from.flatMap { from in parameter.map { .cursor(from: from, parameter: $0) } }
        case "page":
            let keys = self.fields(strategy.value, "'page' of \(owner)", allowed: ["param"], required: ["param"])
            next = keys?["param"].flatMap { query.name($0) }.map { .page(parameter: $0) }
        default:
            let keys = self.fields(strategy.value, "'offset' of \(owner)", allowed: ["param", "limit"], required: ["param"])
            let limit = keys?["limit"].map { query.name($0) }
            next = keys?["param"].flatMap { query.name($0) }.flatMap { parameter in
                limit == .some(nil) ? nil : .offset(parameter: parameter, limit: limit ?? nil)
            }
        }
        guard let next else { return nil }
        checkPageBody(next, items: items, hasItemsKey: fields["items"] != nil, strategyKey: strategy.key, response: response,
                      responseNode: responseNode, owner: owner)
        return Pagination(next: next, items: items, location: pair.key.location)
    }

    /// `next: link`, `next: { header: Next-Page }` or `next: { url: next_url }`.
    private func nextSource(_ node: YAMLNode, _ owner: String) -> Pagination.Next? {
        if node.text == "link" { return .link }
        if let text = node.text {
            sink.error("unknown next page source '\(text)' in \(owner); write 'link', '{ header: NAME }' or '{ url: PATH }'", at: node)
            return nil
        }
        guard let keys = fields(node, "'next' of \(owner)", allowed: ["header", "url"]) else { return nil }
        let given = keys.pairs.filter { $0.key.text == "header" || $0.key.text == "url" }
        guard let first = given.first else {
            if keys.unknown.isEmpty { sink.error("'next' of \(owner) needs 'header' or 'url'", at: node.location) }
            return nil
        }
        if given.count > 1 {
            sink.error("'next' of \(owner) takes 'header' or 'url', not both", at: given[1].key)
        }
        if first.key.text == "url" { return path(first.value, "the next URL of \(owner)").map(Pagination.Next.url) }
        guard let header = string(first.value, "the header of \(owner)") else { return nil }
        guard !header.isEmpty else {
            sink.error("the header of \(owner) is empty", at: first.value)
            return nil
        }
        return .header(header)
    }

    /// A dotted path of JSON keys, e.g. `meta.next`.
    private func path(_ node: YAMLNode, _ context: String) -> PaginationPath? {
        guard let text = string(node, context) else { return nil }
        let keys = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keys.contains(where: \.isEmpty) else {
            sink.error("\(context) '\(text)' has an empty key; write JSON keys joined by '.', e.g. 'meta.next'", at: node)
            return nil
        }
        return PaginationPath(keys: keys, location: node.location)
    }

    /// A strategy that reads the body needs a decoded response, and one that counts items needs to know where they are:
    /// `items`, or a response that is itself an array.
    private func checkPageBody(
        _ next: Pagination.Next, items: PaginationPath?, hasItemsKey: Bool, strategyKey: YAMLNode, response: ResponseType,
        responseNode: YAMLNode?, owner: String
    ) {
        let counts: Bool
        let reads: String?
        switch next {
        case .url: (counts, reads) = (false, "reads the next page's URL from the body")
        case .cursor: (counts, reads) = (false, "reads the next page's cursor from the body")
        case .page, .offset: (counts, reads) = (true, "counts the items of each page")
        case .header, .link: (counts, reads) = (false, hasItemsKey ? "reads the items from the body" : nil)
        }
        guard case .type(let page) = response else {
            guard let reads else { return }
            let written = responseNode?.text ?? "Empty"
            let notes = responseNode.map { [sink.note("the response is '\(written)'", at: $0)] } ?? []
            sink.error("\(owner) \(reads), but the endpoint's response is '\(written)'; name the page's model in 'response'",
                       at: strategyKey, notes: notes)
            return
        }
        if counts, !hasItemsKey, !page.unwrapped.isArray {
            sink.error("\(owner) ends at a page without items, so it needs to know where they are; add 'items', e.g. 'items: rows'",
                       at: strategyKey)
        }
    }
}

extension TypeRef {
    /// Whether the type is `[T]`.
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}

/// The endpoint's query parameters, by wire name, for the names `paginate` sets.
private struct QueryParameters {
    let parameters: [Parameter]
    let complete: Bool
    let owner: String
    let decoder: SpecDecoder

    /// The name in `node` when a query parameter of the endpoint has it on the wire; reports it otherwise.
    func name(_ node: YAMLNode) -> PaginationName? {
        guard let name = decoder.string(node, "a parameter of \(owner)") else { return nil }
        if let parameter = parameters.first(where: { $0.wireName == name }) {
            guard parameter.placement == .query else {
                decoder.sink.error(
                    "\(owner) sets the query item '\(name)', but parameter '\(parameter.name)' is sent in the \(parameter.placement.rawValue)",
                    at: node)
                return nil
            }
            return PaginationName(name: name, location: node.location)
        }
        guard complete else { return nil }
        let query = parameters.filter { $0.placement == .query }
        let notes = query.map { decoder.sink.note("query parameter '\($0.wireName)' is declared here", at: decoder.sink.span(of: $0.name, at: $0.location)) }
        decoder.sink.error(
            "\(owner) sets the query item '\(name)', but the endpoint declares no query parameter '\(name)'"
                + (Suggestion.closest(to: name, in: query.map(\.wireName)).map { " (did you mean '\($0)'?)" } ?? "")
                + "; declare it in 'params', e.g. '\(name): String?'",
            at: node, notes: notes)
        return nil
    }
}
