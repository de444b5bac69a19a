/// A type as a spec writes it, e.g. `[String: [Int]]?`, with model names resolved to declarations.
public indirect enum TypeRef: Equatable, Sendable, CustomStringConvertible {
    /// The built-in types, named like their Swift counterparts (`URL`, `UUID`, `Data`, `Date` from Foundation).
    case string, int, int32, int64, double, float, decimal, bool, date, data, url, uuid
    /// Any JSON value (`JSON` in the spec and in Swift: the runtime's `JSONValue`), for data whose shape is left open.
    case json
    /// `[T]`
    case array(TypeRef)
    /// `[String: T]`; keys are always strings.
    case dictionary(TypeRef)
    /// `T?`
    case optional(TypeRef)
    /// An object or enumeration model declared in the spec or an included file.
    case model(String)

    /// The built-in types by their spec spelling, which is also their Swift spelling.
    public static let builtins: [String: TypeRef] = [
        "String": .string, "Int": .int, "Int32": .int32, "Int64": .int64, "Double": .double, "Float": .float, "Decimal": .decimal,
        "Bool": .bool, "Date": .date, "Data": .data, "URL": .url, "UUID": .uuid, "JSON": .json,
    ]

    /// The spec spelling, e.g. `[String: User]?`.
    public var description: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .int32: "Int32"
        case .int64: "Int64"
        case .double: "Double"
        case .float: "Float"
        case .decimal: "Decimal"
        case .bool: "Bool"
        case .date: "Date"
        case .data: "Data"
        case .url: "URL"
        case .uuid: "UUID"
        case .json: "JSON"
        case .array(let element): "[\(element)]"
        case .dictionary(let value): "[String: \(value)]"
        case .optional(let wrapped): "\(wrapped)?"
        case .model(let name): name
        }
    }

    /// Whether the type is `T?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its outer `?`.
    public var unwrapped: TypeRef {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// The type with each model name replaced by `rename(name)`, e.g. `[User]?` to `[Member]?`.
    public func renamingModels(_ rename: (String) -> String) -> TypeRef {
        switch self {
        case .array(let element): .array(element.renamingModels(rename))
        case .dictionary(let value): .dictionary(value.renamingModels(rename))
        case .optional(let wrapped): .optional(wrapped.renamingModels(rename))
        case .model(let name): .model(rename(name))
        default: self
        }
    }

    /// Every model name the type mentions, e.g. `User` and `Role` in `[String: [User]]`.
    public var modelNames: [String] {
        switch self {
        case .array(let inner), .dictionary(let inner), .optional(let inner): inner.modelNames
        case .model(let name): [name]
        default: []
        }
    }
}
