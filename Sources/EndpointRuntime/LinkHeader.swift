import Foundation

/// Reads a `Link` header (RFC 8288), e.g. `<https://api.example.com/items?page=2>; rel="next", <…>; rel="last"`.
enum LinkHeader {
    /// The target of the first link whose `rel` includes `next`, or `nil`.
    static func next(in header: String) -> String? {
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = String(rest[rest.index(after: open)..<close])
            let afterTarget = rest[rest.index(after: close)...]
            // The link's parameters run to the `,` before the next link, or the end.
            let end = separator(in: afterTarget) ?? afterTarget.endIndex
            if relations(in: afterTarget[..<end]).contains("next") { return target }
            rest = afterTarget[end...]
        }
        return nil
    }

    /// Where the `,` that separates this link from the next (a `,` then blanks then `<`) is.
    private static func separator(in text: Substring) -> Substring.Index? {
        var comma: Substring.Index?
        for index in text.indices {
            switch text[index] {
            case ",": comma = index
            case "<" where comma != nil: return comma
            case " ", "\t": break
            default: comma = nil
            }
        }
        return nil
    }

    /// The lowercased relation types of a link's parameters, e.g. `["next", "last"]` for `; rel="next last"`.
    private static func relations(in parameters: Substring) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "rel" else { continue }
            let value = pair[1].trimmingWhitespace().trimmingCharacters(in: ["\""])
            return value.split(separator: " ").map { $0.lowercased() }
        }
        return []
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
