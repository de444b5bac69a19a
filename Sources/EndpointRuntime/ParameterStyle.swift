/// How a structured value (an object, an array, a union of them) is written as name/value pairs in a query string or
/// an `application/x-www-form-urlencoded` body, as OpenAPI's `style` and `explode` define it.
///
/// For a parameter `p` holding `{"gt": 1, "lt": 2}` or `["a", "b"]`:
///
/// | style | object | array |
/// |---|---|---|
/// | `.deepObject` | `p[gt]=1&p[lt]=2` | `p[]=a&p[]=b`; an array of objects or arrays `p[0][k]=v` |
/// | `.form(explode: true)` | `gt=1&lt=2` | `p=a&p=b` |
/// | `.form(explode: false)` | `p=gt,1,lt,2` | `p=a,b` |
/// | `.spaceDelimited`, `.pipeDelimited` | as `.form(explode: false)` | `p=a b`, `p=a\|b` |
///
/// `.deepObject` is also the bracket notation of form bodies that Rails, PHP and Stripe read
/// (`items[0][price]=p_1&metadata[k]=v`). Below the first level every style writes brackets: `.form(explode: true)`
/// sends `{"a": {"b": 1}}` as `a[b]=1`. A scalar is one pair, `p=1`, whatever the style; `nil` and `null` send nothing.
public enum ParameterStyle: Sendable, Hashable {
    /// Bracket notation: `p[key]=v`, `p[]=v`, `p[0][key]=v`.
    case deepObject
    /// OpenAPI's default for queries: exploded, an object's members are pairs of their own and an array repeats the
    /// name; not exploded, one pair whose value joins the items with commas.
    case form(explode: Bool)
    /// An array as one pair, its items joined with spaces.
    case spaceDelimited
    /// An array as one pair, its items joined with `|`.
    case pipeDelimited
}
