import Mustache

/// How the `Models.swift` template's output is spread over files.
///
/// One file per initial letter lets the compiler work on a big API's models in parallel and keeps each file's
/// object code small: the debug build of a 1,000-model file spends most of its time in LLVM passes whose cost
/// grows faster than the file (Stripe's customers slice: 113 s as one file, 42.5 s split by letter, on two cores).
public enum ModelFiles: String, Equatable, Sendable, CaseIterable {
    /// One `<stem>Models.swift`, or once there are more than `splitThreshold` models, one
    /// `<stem>Models+<letter>.swift` per initial letter that has any.
    case automatic = "auto"
    /// Always the 27 files `<stem>Models+A.swift` … `+Z.swift` and `+_.swift` (other initials), empty ones
    /// included, so the file names are known before the spec is read (the build tool plugin declares them).
    case byLetter = "by-letter"

    /// More models than this are split by letter in `automatic`.
    public static let splitThreshold = 100

    /// The file-name suffixes of `byLetter`, in order: `"A"` … `"Z"`, `"_"`.
    public static let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) } + ["_"]

    /// The part of the models each file holds, keyed by its suffix (`nil` for the single file), in file order.
    func parts(of context: ClientContext) -> [(suffix: String?, models: [ModelContext], enums: [EnumContext], oneOfs: [OneOfContext])] {
        let count = context.models.count + context.enums.count + context.oneOfs.count
        if self == .automatic, count <= Self.splitThreshold {
            return [(nil, context.models, context.enums, context.oneOfs)]
        }
        let models = Dictionary(grouping: context.models) { Self.letter(of: $0.name) }
        let enums = Dictionary(grouping: context.enums) { Self.letter(of: $0.name) }
        let oneOfs = Dictionary(grouping: context.oneOfs) { Self.letter(of: $0.name) }
        return Self.letters.compactMap { letter in
            let part = (letter, models[letter] ?? [], enums[letter] ?? [], oneOfs[letter] ?? [])
            let isEmpty = part.1.isEmpty && part.2.isEmpty && part.3.isEmpty
            return isEmpty && self == .automatic ? nil : part
        }
    }

    /// The upper-cased ASCII initial of a type name (backticks aside), or `"_"`.
    static func letter(of name: String) -> String {
        guard let first = name.utf8.first(where: { $0 != UInt8(ascii: "`") }) else { return "_" }
        switch first {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return String(UnicodeScalar(first))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return String(UnicodeScalar(first - 32))
        default: return "_"
        }
    }
}
