/// How a query parameter or form body member holding a structured value (a model, a union, `JSON`, an array, a
/// dictionary) is written as name/value pairs: `style:` and `explode:` of a parameter, as OpenAPI defines them.
public enum ParameterStyle: Equatable, Sendable {
    /// `style: deepObject`: bracket notation, `p[key]=v`, `p[]=v`, `p[0][key]=v`.
    case deepObject
    /// `style: form`: exploded (the default), an object's members are pairs of their own and an array repeats the
    /// name; `explode: false`, one pair joined with commas.
    case form(explode: Bool)
    /// `style: spaceDelimited`: an array as one pair joined with spaces.
    case spaceDelimited
    /// `style: pipeDelimited`: an array as one pair joined with `|`.
    case pipeDelimited

    /// The names `style:` takes.
    public enum Name: String, CaseIterable, Sendable {
        /// See `ParameterStyle`.
        case form, deepObject, spaceDelimited, pipeDelimited
    }
}
