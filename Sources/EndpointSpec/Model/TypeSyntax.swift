/// Parses the type syntax: a name, `[T]`, `[String: T]` and a trailing `?`, with spaces allowed around tokens.
public enum TypeSyntax {
    /// Why a type does not parse; `description` completes "malformed type 'x': ...".
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, e.g. `expected ']'`.
        public var description: String
    }

    /// The type, with names that are not built-in taken as model names (resolution checks they exist).
    public static func parse(_ text: String) -> Result<TypeRef, Failure> {
        var scanner = Scanner(Array(text.unicodeScalars))
        do throws(Failure) {
            let type = try scanner.type()
            scanner.skipSpaces()
            if let extra = scanner.peek { throw Failure(description: "unexpected '\(extra)'") }
            return .success(type)
        } catch {
            return .failure(error)
        }
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// How many `[` are open; bounded so that a hostile spec cannot overflow the stack.
        var depth = 0
        static let maxDepth = 32

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func skipSpaces() {
            while peek == " " { index += 1 }
        }

        mutating func expect(_ scalar: Unicode.Scalar) throws(Failure) {
            skipSpaces()
            guard peek == scalar else { throw Failure(description: "expected '\(scalar)'") }
            index += 1
        }

        mutating func type() throws(Failure) -> TypeRef {
            var type = try primary()
            skipSpaces()
            if peek == "?" {
                index += 1
                type = .optional(type)
                skipSpaces()
                if peek == "?" { throw Failure(description: "'?' may appear only once") }
            }
            return type
        }

        /// Letters, digits and `_`; the ASCII test first, as nearly every name is ASCII.
        static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII {
                return scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            }
            return scalar.properties.isAlphabetic
        }

        mutating func primary() throws(Failure) -> TypeRef {
            skipSpaces()
            if peek == "[" {
                index += 1
                depth += 1
                defer { depth -= 1 }
                guard depth <= Self.maxDepth else { throw Failure(description: "types nest deeper than \(Self.maxDepth) levels") }
                let first = try type()
                skipSpaces()
                if peek == ":" {
                    index += 1
                    guard first == .string else { throw Failure(description: "dictionary keys must be String") }
                    let value = try type()
                    try expect("]")
                    return .dictionary(value)
                }
                try expect("]")
                return .array(first)
            }
            let start = index
            while let scalar = peek, Self.isNameCharacter(scalar) {
                index += 1
            }
            guard index > start else {
                throw Failure(description: peek.map { "unexpected '\($0)'" } ?? "expected a type name")
            }
            if ("0"..."9").contains(scalars[start]) { throw Failure(description: "a type name cannot start with a digit") }
            let name = String(String.UnicodeScalarView(scalars[start..<index]))
            return TypeRef.builtins[name] ?? .model(name)
        }
    }
}
