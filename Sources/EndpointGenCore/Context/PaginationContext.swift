import Mustache

/// A paginated endpoint's extra methods: `userPages(…)` on the protocol, client and fake, and `userItems(…)` on the
/// protocol's extension (built from the pages, so every conforming type has it).
public struct PaginationContext: Codable, Equatable, Sendable {
    /// The pages method, e.g. `tableRowsPages`.
    public var pagesName: String
    /// The fake's handler for it, e.g. `tableRowsPagesHandler`.
    public var pagesHandlerName: String
    /// The Swift type of one page (the endpoint's response), e.g. `TableRowsPage`.
    public var pageType: String
    /// The runtime `Pagination` as code, e.g. `.cursor("_next", from: { $0.next })`.
    public var strategyExpression: String
    /// The pages method's doc comment lines.
    public var pagesDocComment: [String]
    /// True when the spec says where a page's items are (or the page is an array), so there is an items method.
    public var hasItems: Bool
    /// The items method, e.g. `tableRowsItems`.
    public var itemsName: String
    /// The Swift type of one item, e.g. `Row`, or empty without `hasItems`.
    public var itemType: String
    /// A closure from a page to its items, e.g. `{ $0.rows }`, or empty without `hasItems`.
    public var itemsClosure: String
    /// The items method's doc comment lines.
    public var itemsDocComment: [String]
    /// True when a parameter has a default, so the protocol's extension repeats the pages method with the defaults.
    public var forwardsDefaults: Bool
    /// The fake's error text for a missing pages handler, as a literal.
    public var missingHandlerLiteral: String
}

extension PaginationContext: MustacheRepresentable {
    /// The context as a template value, keyed by the property names (as `ContextValues.swift` does for the others).
    public var mustacheValue: MustacheValue {
        .map([
            "pagesName": pagesName.mustacheValue,
            "pagesHandlerName": pagesHandlerName.mustacheValue,
            "pageType": pageType.mustacheValue,
            "strategyExpression": strategyExpression.mustacheValue,
            "pagesDocComment": pagesDocComment.mustacheValue,
            "hasItems": hasItems.mustacheValue,
            "itemsName": itemsName.mustacheValue,
            "itemType": itemType.mustacheValue,
            "itemsClosure": itemsClosure.mustacheValue,
            "itemsDocComment": itemsDocComment.mustacheValue,
            "forwardsDefaults": forwardsDefaults.mustacheValue,
            "missingHandlerLiteral": missingHandlerLiteral.mustacheValue,
        ])
    }
}
