import Foundation

extension MustacheValue {
    /// Parses JSON text: objects become maps, arrays lists, whole numbers `.int`, other numbers `.double`.
    public init(json: Data) throws {
        self.init(jsonObject: try JSONSerialization.jsonObject(with: json, options: .fragmentsAllowed))
    }

    /// Converts what `JSONSerialization` returns; its booleans are numbers whose type code is `c`.
    private init(jsonObject: Any) {
        switch jsonObject {
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c": self = .bool(number.boolValue)
            case "d", "f", "Q": self = .double(number.doubleValue)
            default: self = .int(number.intValue)
            }
        case let list as [Any]:
            self = .list(list.map(MustacheValue.init(jsonObject:)))
        case let map as [String: Any]:
            self = .map(map.mapValues(MustacheValue.init(jsonObject:)))
        default:
            self = .null
        }
    }
}
