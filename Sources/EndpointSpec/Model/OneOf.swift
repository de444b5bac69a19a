public import Diagnostics

/// A model whose value is one of several types, e.g. `oneOf: [Cat, Dog]`, told apart by a discriminator key
/// or, without one, by trying each alternative in order.
public struct OneOf: Equatable, Sendable {
    /// The alternatives in spec order: models or built-in types.
    public var alternatives: [Alternative]
    /// The JSON key whose value names the alternative, e.g. `petType`; `nil` to try each alternative in order.
    public var discriminator: String?
    /// Discriminator values mapped to alternatives, as written; an alternative no entry names is matched by its name.
    public var mapping: [DiscriminatorMapping]

    /// Creates a `oneOf` model's kind.
    public init(alternatives: [Alternative], discriminator: String?, mapping: [DiscriminatorMapping]) {
        self.alternatives = alternatives
        self.discriminator = discriminator
        self.mapping = mapping
    }

    /// The discriminator values that select `alternative`: the mapping's entries for it, else its name.
    public func discriminatorValues(of alternative: Alternative) -> [String] {
        let mapped = mapping.filter { $0.model == alternative.name }.map(\.value)
        return mapped.isEmpty ? [alternative.name] : mapped
    }

    /// One alternative, e.g. `Cat` or `String`.
    public struct Alternative: Equatable, Sendable {
        /// A model, a built-in type, or an array of them (nested arrays too, e.g. `[[Int]]`); never a dictionary or
        /// an optional.
        public var type: TypeRef
        /// Where the alternative is written.
        public var location: SourceLocation

        /// Creates an alternative.
        public init(type: TypeRef, location: SourceLocation) {
            self.type = type
            self.location = location
        }

        /// The name as written, e.g. `Cat` or `[[Int]]`.
        public var name: String { type.description }

        /// The enum case's name: `string` for `String`, `strings` for `[String]`, `intArrays` for `[[Int]]`, `cats` for
        /// `[Cat]` (an array's case is its element's, plural).
        public var caseName: String { SwiftName.member(Self.caseWords(type)) }

        /// The words of a case name, in type-name form: `IntArrays` for `[[Int]]`.
        private static func caseWords(_ type: TypeRef) -> String {
            guard case .array(let element) = type else { return SwiftName.type(type.description) }
            return plural(elementWords(element))
        }

        /// An array element's words, singular: `Int` for `Int`, `IntArray` for `[Int]`.
        private static func elementWords(_ type: TypeRef) -> String {
            guard case .array(let element) = type else { return SwiftName.type(type.description) }
            return elementWords(element) + "Array"
        }

        /// English plural of a type name's last word: `Ints`, `Addresses`, `Boxes`, `Categories`, `Days`.
        private static func plural(_ word: String) -> String {
            let lower = word.lowercased()
            if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) { return word + "es" }
            if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) { return word.dropLast() + "ies" }
            return word + "s"
        }
    }
}

/// One entry of a discriminator mapping, e.g. `cat: Cat`.
public struct DiscriminatorMapping: Equatable, Sendable {
    /// The discriminator's value on the wire.
    public var value: String
    /// The alternative's name.
    public var model: String
    /// Where the entry is written.
    public var location: SourceLocation

    /// Creates a mapping entry.
    public init(value: String, model: String, location: SourceLocation) {
        self.value = value
        self.model = model
        self.location = location
    }
}
