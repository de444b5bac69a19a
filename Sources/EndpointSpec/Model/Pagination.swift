public import Diagnostics

/// How an endpoint's pages follow one another (`paginate:`), e.g. the next page's cursor in the body's `next`.
public struct Pagination: Equatable, Sendable {
    /// Where the request for the next page comes from.
    public enum Next: Equatable, Sendable {
        /// The next page's URL is in a response header, e.g. `Next-Page`.
        case header(String)
        /// The next page's URL is the `rel="next"` link of the `Link` header.
        case link
        /// The next page's URL is in the body, at a dotted path of JSON keys, e.g. `next_url`.
        case url(PaginationPath)
        /// The body's cursor at a dotted path (`from`) goes into the query item `parameter` of the next request.
        case cursor(from: PaginationPath, parameter: PaginationName)
        /// The query item `parameter` counts pages, one more for each.
        case page(parameter: PaginationName)
        /// The query item `parameter` counts items, advanced by each page's; `limit` names the page size's item.
        case offset(parameter: PaginationName, limit: PaginationName?)
    }

    /// The strategy.
    public var next: Next
    /// The dotted path of the page's items array, e.g. `rows`; `nil` when the response is an array (the items are
    /// the page) or the endpoint gives pages only.
    public var items: PaginationPath?
    /// Where `paginate` is written.
    public var location: SourceLocation

    /// Creates a pagination.
    public init(next: Next, items: PaginationPath?, location: SourceLocation) {
        self.next = next
        self.items = items
        self.location = location
    }
}

/// A dotted path of JSON keys in a page, e.g. `meta.next` as `["meta", "next"]`, and where it is written.
public struct PaginationPath: Equatable, Sendable {
    /// The JSON keys, outermost first.
    public var keys: [String]
    /// Where the path is written.
    public var location: SourceLocation

    /// Creates a path.
    public init(keys: [String], location: SourceLocation) {
        self.keys = keys
        self.location = location
    }

    /// The path as written, e.g. `meta.next`.
    public var text: String { keys.joined(separator: ".") }
}

/// A query item's name in `paginate`, the wire name of one of the endpoint's query parameters, e.g. `_next`.
public struct PaginationName: Equatable, Sendable {
    /// The wire name.
    public var name: String
    /// Where it is written.
    public var location: SourceLocation

    /// Creates a name.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}
