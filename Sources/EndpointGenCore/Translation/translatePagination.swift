import EndpointSpec

/// A paginated endpoint's `…Pages` and `…Items` methods: their names, types and the runtime `Pagination` as code.
func translatePagination(
    _ endpoint: Endpoint, in spec: Spec, names: ModelNames, baseName: String, responseType: String, hasParameterDefaults: Bool,
    fakeName: String
) -> PaginationContext? {
    guard let pagination = endpoint.pagination else { return nil }
    let pageType: TypeRef? = if case .type(let type) = endpoint.response { type } else { nil }
    // The items: at `items`, or the page itself when it is an array.
    var items: (body: String, element: TypeRef)?
    if let path = pagination.items, let pageType, let access = propertyAccess(path, in: pageType, spec: spec),
        case .array(let element) = access.type.unwrapped
    {
        items = (access.optional ? "(\(access.code) ?? [])" : access.code, element)
    } else if pagination.items == nil, case .array(let element) = pageType?.unwrapped {
        items = (pageType?.isOptional == true ? "($0 ?? [])" : "$0", element)
    }
    let itemCount = items.map { "itemCount: { \($0.body).count }" } ?? "itemCount: { _ in 0 }"
    let (strategy, how): (String, String) = switch pagination.next {
    case .header(let name):
        (".header(\(SwiftLiteral.string(name)))", "the next page's URL is in the response header `\(name)`")
    case .link:
        (".link", "the next page's URL is the `rel=\"next\"` link of the `Link` header")
    case .url(let path):
        (".url { \(textExpression(path, in: pageType, spec: spec)) }", "the next page's URL is at `\(path.text)` in the page")
    case .cursor(let from, let parameter):
        (".cursor(\(SwiftLiteral.string(parameter.name)), from: { \(textExpression(from, in: pageType, spec: spec)) })",
         "the next request sends the page's `\(from.text)` as `\(parameter.name)`")
    case .page(let parameter):
        (".page(\(SwiftLiteral.string(parameter.name)), \(itemCount))",
         "the next request sends `\(parameter.name)` one higher, until a page has no items")
    case .offset(let parameter, let limit):
        (".offset(\(SwiftLiteral.string(parameter.name))\(limit.map { ", limit: \(SwiftLiteral.string($0.name))" } ?? ""), \(itemCount))",
         "the next request advances `\(parameter.name)` by the items received, until a page has none"
            + (limit.map { " or fewer than `\($0.name)`" } ?? ""))
    }
    return PaginationContext(
        pagesName: baseName + "Pages",
        pagesHandlerName: baseName + "PagesHandler",
        pageType: responseType,
        strategyExpression: strategy,
        pagesDocComment: [
            "/// The pages of `\(baseName)`, each fetched when the loop asks for it, through the client's limits and retries:",
            "/// \(how).",
            "/// Breaking out of the loop or cancelling its task sends no further request.",
        ],
        hasItems: items != nil,
        itemsName: baseName + "Items",
        itemType: items.map { SwiftCode.type($0.element, names: names) } ?? "",
        itemsClosure: items.map { "{ \($0.body) }" } ?? "",
        itemsDocComment: ["/// The items of every page of `\(baseName)` (`\(baseName)Pages`), in order, fetching each page as it is reached."],
        forwardsDefaults: hasParameterDefaults,
        missingHandlerLiteral: SwiftLiteral.string("\(fakeName).\(baseName)PagesHandler is not set")
    )
}

/// `$0.meta?.next` for the path `meta.next`: the Swift properties it reads, the type it reaches, and whether a `?` on
/// the way (or at the end) makes the result optional. `nil` when the path does not resolve (the spec was refused).
private func propertyAccess(_ path: PaginationPath, in type: TypeRef, spec: Spec) -> (code: String, type: TypeRef, optional: Bool)? {
    guard case .properties(let properties) = spec.resolve(path, in: type) else { return nil }
    var code = type.isOptional ? "$0?" : "$0"
    var optional = type.isOptional
    for (index, property) in properties.enumerated() {
        code += "." + SwiftName.escaped(SwiftName.member(property.name))
        let isLast = index == properties.count - 1
        if property.type.isOptional {
            optional = true
            if !isLast { code += "?" }
        }
    }
    return properties.last.map { (code, $0.type, optional) }
}

/// A closure body giving the text at `path` as `String?`: a string as it is, an integer in decimal, a URL as text.
private func textExpression(_ path: PaginationPath, in type: TypeRef?, spec: Spec) -> String {
    guard let type, let access = propertyAccess(path, in: type, spec: spec) else { return "nil" }
    // A non-optional value read through an optional chain needs parentheses around the chain to be unwrapped.
    let optional = access.type.isOptional ? access.code : "(\(access.code))"
    switch access.type.unwrapped {
    case .string: return access.code
    case .url: return access.optional ? "\(optional)?.absoluteString" : "\(access.code).absoluteString"
    default: return access.optional ? "\(optional).map { String($0) }" : "String(\(access.code))"
    }
}
