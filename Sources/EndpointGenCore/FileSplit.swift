/// How a spec's generated code is spread over files: one file per template, or the large parts split up, so the
/// compiler can work on them in parallel and a one-line edit of the spec recompiles little.
///
/// - Models (`Models.swift`): 32 part files, `<stem>.Models+00.swift` … `+31.swift`, each model in the one a hash of
///   its type name picks. The debug build of a 1,000-model file spends most of its time in LLVM passes whose cost
///   grows faster than the file (Stripe's customers slice: 113 s as one file, 42.5 s split by initial letter, on two
///   cores). A hash, not the initial: names cluster (940 of whole Stripe's 2,245 models start with `P`), and the
///   compiler's batch mode gives each job a run of files in name order, so one letter's file held up the whole build
///   (whole Stripe: 170 s by letter, 94 s in hashed parts, with each model's own coding). The `.` after the stem
///   sorts the model files, the heaviest, before the spec's other files, so their jobs start first and the light
///   endpoint files fill in at the end beside the module's own job (whole Stripe: 74–86 s with the models last,
///   61–71 s with them first, on two cores).
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
    /// One file per template; past `modelThreshold` models the models by part, and past `endpointThreshold`
    /// endpoints the endpoint code by part, writing only the part files that hold something.
    case automatic = "auto"
    /// Always every file, empty ones included (32 model files and 16 part files per endpoint template), so the file
    /// names are known before the spec is read: the build tool plugin declares them.
    case always
    /// One file per template whatever the size (four files): the build tool plugin's layout for a spec it reads as
    /// small (no more endpoints and models than `automatic` keeps in one file), where the parts would not pay.
    case never

    /// The choice a command-line value names: `auto`, `always`, or `by-letter` (what `--model-files` called `always`).
    public init?(argument: String) {
        if argument == "by-letter" {
            self = .always
        } else {
            self.init(rawValue: argument)
        }
    }

    /// More models (objects, enums and oneOfs together) than this are split by part in `automatic`.
    public static let modelThreshold = 100
    /// More endpoints than this have their code split by part in `automatic`.
    public static let endpointThreshold = 32

    /// The file-name suffixes of the model part files, in order: `"00"` … `"31"`.
    public static let modelPartSuffixes = (0..<32).map(twoDigits)
    /// The file-name suffixes of the endpoint templates' part files, in order: `"00"` … `"15"`.
    public static let partSuffixes = (0..<16).map(twoDigits)

    private static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

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
        var aliases: [Int]? = nil
    }

    /// The files `template` renders for `context`, in file order.
    func parts(of context: ClientContext, template: String) -> [Part] {
        let single = Part(suffix: nil, declarations: true, endpoints: nil)
        if template == "Models.swift" {
            let count = context.models.count + context.enums.count + context.oneOfs.count + context.aliases.count
            if self == .never || (self == .automatic && count <= Self.modelThreshold) { return [single] }
            let part = { (name: String) in Self.modelPartSuffixes[Self.partIndex(of: name, parts: Self.modelPartSuffixes.count)] }
            let models = Self.group(context.models.map(\.name), by: part)
            let enums = Self.group(context.enums.map(\.name), by: part)
            let oneOfs = Self.group(context.oneOfs.map(\.name), by: part)
            let aliases = Self.group(context.aliases.map(\.name), by: part)
            return Self.modelPartSuffixes.compactMap { suffix in
                let held = (models: models[suffix] ?? [], enums: enums[suffix] ?? [], oneOfs: oneOfs[suffix] ?? [], aliases: aliases[suffix] ?? [])
                if self == .automatic, held.models.isEmpty, held.enums.isEmpty, held.oneOfs.isEmpty, held.aliases.isEmpty { return nil }
                return Part(
                    suffix: suffix, declarations: false, endpoints: [], models: held.models, enums: held.enums, oneOfs: held.oneOfs,
                    aliases: held.aliases)
            }
        }
        guard self != .never, Self.endpointTemplates.contains(template), self == .always || context.endpoints.count > Self.endpointThreshold else {
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

    /// The name of a part file after the spec's stem: `Client+00.swift`, and `.Models+00.swift` for the models (so
    /// that they sort first: see above).
    static func partFileName(template: String, suffix: String) -> String {
        let base = template.dropLast(".swift".count)
        return template == "Models.swift" ? ".\(base)+\(suffix).swift" : "\(base)+\(suffix).swift"
    }

    /// The part an endpoint's code (by its unescaped Swift name) or a model (by its type name) goes to: 32-bit FNV-1a
    /// of the UTF-8 bytes, modulo `parts`. Fixed here (not `Hasher`, which is seeded per process) so the same name
    /// lands in the same file in every run and every version.
    static func partIndex(of name: String, parts: Int = partSuffixes.count) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int(hash % UInt32(parts))
    }
}
