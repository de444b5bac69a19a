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
        /// A model or a built-in type, never an array, dictionary or optional.
        public var type: TypeRef
        /// Where the alternative is written.
        public var location: SourceLocation

        /// Creates an alternative.
        public init(type: TypeRef, location: SourceLocation) {
            self.type = type
            self.location = location
        }

        /// The name as written; `SwiftName.member(name)` gives the enum case.
        public var name: String { type.description }
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
