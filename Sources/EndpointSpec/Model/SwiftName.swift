/// How spec names become Swift identifiers; the generator uses exactly these.
///
/// ```swift
/// SwiftName.member("device_type") // "deviceType"
/// SwiftName.type("user-profile")  // "UserProfile"
/// SwiftName.escaped("class")      // "`class`"
/// ```
public enum SwiftName {
    /// A property, case, parameter or method name: lower camel case; a leading digit gets `_` (`2fa` → `_2fa`).
    public static func member(_ name: String) -> String {
        if isPlainIdentifier(name), name.utf8.first.map({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) == true {
            return name
        }
        return camelCase(ascii: name, upperFirst: false) ?? camelCase(anyScript: name, upperFirst: false)
    }

    /// A type name: upper camel case; a leading digit gets `_`.
    public static func type(_ name: String) -> String {
        if isPlainIdentifier(name), name.utf8.first.map({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) == true {
            return name
        }
        return camelCase(ascii: name, upperFirst: true) ?? camelCase(anyScript: name, upperFirst: true)
    }

    /// The identifier in backticks when it is a Swift keyword, as is otherwise.
    public static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Swift's reserved words, and the contextual ones (`Type`, `Protocol`) that need backticks as members.
    public static let keywords: Set<String> = [
        // Declarations
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        // Members that only work in backticks
        "Type", "Protocol",
    ]

    /// ASCII letters and digits only: such a name already is its own camel case when it starts right.
    private static func isPlainIdentifier(_ name: String) -> Bool {
        name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }

    /// What `member` (or with `upperFirst`, `type`) gives for a name of ASCII bytes only, worked out on the bytes;
    /// `nil` for other names. The same rules as `camelCase(anyScript:upperFirst:)`, which handles any script through
    /// `Character` and took a fifth of importing a large OpenAPI document; a test holds the two to the same results.
    static func camelCase(ascii name: String, upperFirst: Bool) -> String? {
        let bytes = Array(name.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let isUpper = { (byte: UInt8) in (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
        let isLower = { (byte: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let words = bytes.split { !(isUpper($0) || isLower($0) || isDigit($0)) }
        guard let first = words.first else { return symbolic(name) }
        let lowered = { (byte: UInt8) in isUpper(byte) ? byte + 32 : byte }
        let raised = { (byte: UInt8) in isLower(byte) ? byte - 32 : byte }
        // SCREAMING_SNAKE_CASE: the words are capitalised, not kept in capitals (`START_TIME_ASC` is `startTimeAsc`).
        let screaming = words.count > 1 && !bytes.contains(where: isLower)
        let rest = { (word: ArraySlice<UInt8>) in screaming ? word.dropFirst().map(lowered) : Array(word.dropFirst()) }
        var identifier: [UInt8] = []
        identifier.reserveCapacity(bytes.count + 1)
        if upperFirst {
            identifier.append(raised(first[first.startIndex]))
            identifier += rest(first)
        } else if screaming || first.allSatisfy(isUpper) {
            identifier += first.map(lowered)
        } else {
            identifier.append(lowered(first[first.startIndex]))
            identifier += first.dropFirst()
        }
        for word in words.dropFirst() {
            identifier.append(raised(word[word.startIndex]))
            identifier += rest(word)
        }
        if isDigit(identifier[0]) { identifier.insert(UInt8(ascii: "_"), at: 0) }
        return String(decoding: identifier, as: UTF8.self)
    }

    /// Lower (or with `upperFirst`, upper) camel case of the words of a name in any script.
    static func camelCase(anyScript name: String, upperFirst: Bool) -> String {
        var parts = words(name)
        guard let first = parts.first else { return symbolic(name) }
        if parts.count > 1 && !name.contains(where: \.isLowercase) {
            parts = parts.map { Substring($0.lowercased()) }
        }
        if upperFirst { return guarded(parts.map(uppercasingFirst).joined()) }
        let head = first.allSatisfy(\.isUppercase) ? first.lowercased() : lowercasingFirst(parts[0])
        return guarded(head + parts.dropFirst().map(uppercasingFirst).joined())
    }

    /// Runs of letters (any script: Swift identifiers may hold them) and ASCII digits; everything
    /// else separates words.
    private static func words(_ name: String) -> [Substring] {
        name.split { !($0.isLetter || ($0.isASCII && $0.isNumber)) }
    }

    /// A name with no letters or digits, e.g. `-` or `+1`'s sign alone, spelled out in hexadecimal
    /// (`_2D`) so that it is a valid identifier and differs from other such names; `""` gives `_`.
    private static func symbolic(_ name: String) -> String {
        "_" + name.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined()
    }

    private static func guarded(_ identifier: String) -> String {
        identifier.first?.isNumber == true ? "_" + identifier : identifier
    }

    private static func lowercasingFirst(_ word: Substring) -> String {
        word.prefix(1).lowercased() + word.dropFirst()
    }

    private static func uppercasingFirst(_ word: Substring) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }
}
