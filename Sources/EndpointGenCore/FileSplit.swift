/// How a spec's generated code is spread over files: one file per template, or the large parts split up, so the
/// compiler can work on them in parallel and a one-line edit of the spec recompiles little.
///
/// - Models (`Models.swift`): one file per initial letter of the type names, `<stem>Models+A.swift` … `+Z.swift`
///   and `+_.swift` (other initials). The debug build of a 1,000-model file spends most of its time in LLVM passes
///   whose cost grows faster than the file (Stripe's customers slice: 113 s as one file, 42.5 s split by letter, on
///   two cores).
/// - Endpoint code (`Client.swift`, `Endpoints.swift`, `Fake.swift`): the base file, e.g. `<stem>Client.swift`, keeps
///   the type declarations (the protocol with its requirements and defaults, the client with its stored properties
///   and initialisers, the endpoints enum, the fake with its handler properties); an endpoint's code (its client
///   methods, request builder, fake method) goes to one of 16 part files, `<stem>Client+00.swift` … `+15.swift`, by a
///   hash of its name. A one-line edit of an endpoint changes only its part files, so a debug rebuild compiles about
///   a sixteenth of the endpoint code rather than all of it. A hash, not the initial: endpoint names cluster on a few
///   verbs (all 468 of Stripe's start with `get`, `post` or `delete`), and the hash depends on the name alone, so
///   adding or removing an endpoint moves no other. The protocol's defaults stay with its declaration: as extensions
///   of the protocol in the part files, a changed signature (which changes the protocol) recompiled every part.
public enum FileSplit: String, Equatable, Sendable, CaseIterable {
    /// One file per template; past `modelThreshold` models the models by letter, and past `endpointThreshold`
    /// endpoints the endpoint code by part, writing only the letter and part files that hold something.
    case automatic = "auto"
    /// Always every file, empty ones included (27 model files and 16 part files per endpoint template), so the file
    /// names are known before the spec is read: the build tool plugin declares them.
    case always

    /// The choice a command-line value names: `auto`, `always`, or `by-letter` (what `--model-files` called `always`).
    public init?(argument: String) {
        if argument == "by-letter" {
            self = .always
        } else {
            self.init(rawValue: argument)
        }
    }

    /// More models (objects, enums and oneOfs together) than this are split by letter in `automatic`.
    public static let modelThreshold = 100
    /// More endpoints than this have their code split by part in `automatic`.
    public static let endpointThreshold = 32

    /// The file-name suffixes of the model files, in order: `"A"` … `"Z"`, `"_"`.
    public static let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) } + ["_"]
    /// The file-name suffixes of the endpoint templates' part files, in order: `"00"` … `"15"`.
    public static let partSuffixes = (0..<16).map { $0 < 10 ? "0\($0)" : "\($0)" }
    /// The templates whose output is split by endpoint into a base file and part files.
    public static let endpointTemplates: Set<String> = ["Client.swift", "Endpoints.swift", "Fake.swift"]

    /// One file a template renders: its name's suffix (`nil` for the template's own name), whether it holds the
    /// type declarations, and the indices of the endpoints and models whose code it holds (`nil`: all of them).
    struct Part: Equatable {
        var suffix: String?
        var declarations: Bool
        var endpoints: [Int]?
        var models: [Int]? = nil
        var enums: [Int]? = nil
        var oneOfs: [Int]? = nil
    }

    /// The files `template` renders for `context`, in file order.
    func parts(of context: ClientContext, template: String) -> [Part] {
        let single = Part(suffix: nil, declarations: true, endpoints: nil)
        if template == "Models.swift" {
            let count = context.models.count + context.enums.count + context.oneOfs.count
            if self == .automatic, count <= Self.modelThreshold { return [single] }
            let models = Self.group(context.models.map(\.name), by: Self.letter)
            let enums = Self.group(context.enums.map(\.name), by: Self.letter)
            let oneOfs = Self.group(context.oneOfs.map(\.name), by: Self.letter)
            return Self.letters.compactMap { letter in
                let held = (models: models[letter] ?? [], enums: enums[letter] ?? [], oneOfs: oneOfs[letter] ?? [])
                if self == .automatic, held.models.isEmpty, held.enums.isEmpty, held.oneOfs.isEmpty { return nil }
                return Part(suffix: letter, declarations: false, endpoints: [], models: held.models, enums: held.enums, oneOfs: held.oneOfs)
            }
        }
        guard Self.endpointTemplates.contains(template), self == .always || context.endpoints.count > Self.endpointThreshold else {
            return [single]
        }
        let endpoints = Self.group(context.endpoints.map(\.baseName)) { Self.partSuffixes[Self.partIndex(of: $0)] }
        let parts = Self.partSuffixes.compactMap { suffix -> Part? in
            let held = endpoints[suffix] ?? []
            return held.isEmpty && self == .automatic ? nil : Part(suffix: suffix, declarations: false, endpoints: held)
        }
        return [Part(suffix: nil, declarations: true, endpoints: [])] + parts
    }

    /// The indices of `names`, grouped by `key`, each group in order.
    private static func group(_ names: [String], by key: (String) -> String) -> [String: [Int]] {
        Dictionary(grouping: names.indices) { key(names[$0]) }
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

    /// The part an endpoint's code goes to, from its unescaped Swift name: 32-bit FNV-1a of the UTF-8 bytes, modulo
    /// 16. Fixed here (not `Hasher`, which is seeded per process) so the same name lands in the same file in every run
    /// and every version.
    static func partIndex(of name: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int(hash % UInt32(partSuffixes.count))
    }
}
