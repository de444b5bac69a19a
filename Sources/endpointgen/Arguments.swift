import EndpointGenCore
import EndpointSpec

/// The command line, parsed: `endpointgen COMMAND SPEC... [options]`, `endpointgen help [COMMAND]`.
struct Arguments: Equatable {
    /// What to do.
    enum Command: String, CaseIterable {
        /// Write the clients into the output folder.
        case generate
        /// Compare the output folder with what `generate` would write; change nothing.
        case check
        /// Validate the specs only.
        case lint
        /// Write an OpenAPI document as an EndpointGen spec.
        case convert

        /// The usage line, e.g. `endpointgen lint SPEC... [--quiet]`.
        var synopsis: String {
            switch self {
            case .generate: "endpointgen generate SPEC... --output DIR [options]"
            case .check: "endpointgen check SPEC... --output DIR [options]"
            case .lint: "endpointgen lint SPEC... [options]"
            case .convert: "endpointgen convert OPENAPI --output FILE [options]"
            }
        }

        /// What the command does, for the help.
        var abstract: String {
            switch self {
            case .generate:
                """
                Write one set of Swift files per spec into DIR/<spec file name>/. Only files whose bytes change are
                written; files of ours that no spec produces any more are removed; nothing is written when a spec has an error.
                """
            case .check: "Exit 1 and list the differences when DIR is not what generate would write (for CI); write nothing."
            case .lint: "Validate the specs as generate does, print their errors and warnings and a summary line per spec (for an OpenAPI document, also what its import kept)."
            case .convert: "Write the EndpointGen spec equivalent to an OpenAPI 3.0/3.1 or Swagger 2.0 document to FILE."
            }
        }
    }

    /// One option: its spellings, the name of its value (`nil` for a flag), the commands that take it, and its help.
    struct Option {
        let names: [String]
        let value: String?
        let commands: [Command]
        let help: String
    }

    static let options: [Option] = [
        Option(names: ["--output", "-o"], value: "DIR", commands: [.generate, .check, .convert],
               help: "The folder that receives the generated files (for convert: the spec file to write)."),
        Option(names: ["--templates"], value: "DIR", commands: [.generate, .check],
               help: "A folder of *.mustache files that replace the default templates of the same name."),
        Option(names: ["--access"], value: "LEVEL", commands: [.generate, .check],
               help: "public (default), package or internal: the access level of generated declarations."),
        Option(names: ["--completion-handlers"], value: nil, commands: [.generate, .check],
               help: "Also generate a completion-handler variant of every endpoint method."),
        Option(names: ["--split", "--model-files"], value: "HOW", commands: [.generate, .check],
               help: """
                   auto (default): one file per template; past 100 models each model in one of 32 files by a hash of
                   its name (<spec>.Models+00.swift ...), past 32 endpoints each endpoint's code in one of 16 part files
                   by a hash of its name (<spec>Client+00.swift ..., and Endpoints, Fake), so that an edit recompiles
                   little and the compiler's batches get even shares.
                   always: every one of those files, empty ones too (the build tool plugin's layout for large specs).
                   never: one file per template whatever the size (the plugin's layout for small specs).
                   --model-files is the old name of --split; its by-letter means always.
                   """),
        Option(names: ["--include-tag"], value: "TAG", commands: Command.allCases,
               help: "Import only OpenAPI operations with this tag (repeatable; filters add up)."),
        Option(names: ["--include-path"], value: "PATH", commands: Command.allCases,
               help: "... or at this path, e.g. /pets/{petId}; a trailing * matches a prefix, e.g. /v1/customers*."),
        Option(names: ["--include-operation"], value: "ID", commands: Command.allCases,
               help: "... or with this operationId (or derived name, e.g. getPetsPetId)."),
        Option(names: ["--name"], value: "NAME", commands: Command.allCases,
               help: """
                   The client's name for an OpenAPI document (default: from info.title, shortened), e.g. Spotify;
                   the generated files are named after it (Spotify/SpotifyClient.swift). With several documents it
                   names their one client.
                   """),
        Option(names: ["--no-spread-object-bodies"], value: nil, commands: Command.allCases,
               help: "Pass an OpenAPI operation's JSON object body whole (addPet(_ pet: Pet)), not one argument per property."),
        Option(names: ["--config"], value: "FILE", commands: Command.allCases,
               help: """
                   A YAML file of options for OpenAPI documents (endpointgen-config.yaml): name, access, include
                   (tags, paths, operations), spreadsObjectBodies, completionHandlers. The command line's own
                   options win over it; its filters add up with theirs.
                   """),
        Option(names: ["--check-examples"], value: nil, commands: [.lint],
               help: """
                   Also decode every example of an OpenAPI document (of its schemas, parameters and JSON media types)
                   as its generated type, with the generated client's decoder; an example that does not decode is an
                   error at the example. Compiles the examples' types with swift build in a scratch package.
                   """),
        Option(names: ["--endpointgen-package"], value: "DIR", commands: [.lint],
               help: "The EndpointGen checkout whose EndpointRuntime --check-examples compiles against (default: the one this endpointgen was built in)."),
        Option(names: ["--quiet", "-q"], value: nil, commands: Command.allCases,
               help: "Print no summary of what was checked or changed (errors and warnings are always printed)."),
    ]

    var command: Command
    var specs: [String] = []
    var output: String?
    var templates: String?
    /// `--access`; `nil` when not given (public, unless a config file says otherwise).
    var access: String?
    var completionHandlers = false
    var split = FileSplit.automatic
    var quiet = false
    /// Which operations of OpenAPI documents to import (`--include-tag`, `--include-path`, `--include-operation`).
    var includeTags: [String] = []
    var includePaths: [String] = []
    var includeOperations: [String] = []
    /// The name an imported OpenAPI document's client gets (`--name`), instead of one made from `info.title`.
    var name: String?
    /// `--no-spread-object-bodies`: OpenAPI object bodies passed whole (`nil`: as the config file says, else spread).
    var spreadsObjectBodies: Bool?
    /// `--config FILE`: options for OpenAPI documents, read by `ConfigFile` before the specs are loaded.
    var config: String?
    /// Whether `lint` also decodes the examples of OpenAPI documents (`--check-examples`), against which EndpointGen.
    var checkExamples = false
    var endpointgenPackage: String?

    /// A usage problem: printed with a pointer to the help, exit status 2. `command` names the help to point to.
    struct UsageError: Error, Equatable {
        let message: String
        var command: Command?
    }

    /// What the command line asks for: run a command, or print help (for one command, or all).
    enum Request: Equatable {
        case run(Arguments)
        case help(Command?)
        case version
    }

    /// What `--help` and `help` print.
    static let usage = """
        OVERVIEW: Generate typed Swift clients from EndpointGen API specs (or OpenAPI documents).

        USAGE: endpointgen COMMAND SPEC... [options]
               endpointgen help [COMMAND]

        COMMANDS:
        \(Command.allCases.map { command in indented("  " + command.rawValue, command.abstract, width: 12) }.joined(separator: "\n"))
          help      Print this help, or a command's: endpointgen help generate (or endpointgen generate --help).

        A SPEC may also be an OpenAPI 3.0 or 3.1 or a Swagger 2.0 document (YAML or JSON): it is translated, and what EndpointGen
        cannot express is a warning naming the feature and what was generated instead. Several documents whose clients
        have one name (the same info.title, or --name) make one client: endpoints and models united, a model both
        define kept once, two definitions that cannot be one type an error.

        OPTIONS:
          --version   Print the version.
          -h, --help  Print this help (after a command: that command's help).

        Exit status: 0 success, 1 spec or template errors (or drift, for check), 2 usage errors.
        """

    /// One command's help: what it does, its usage and its own options.
    static func usage(of command: Command) -> String {
        let options = Self.options.filter { $0.commands.contains(command) }.map { option in
            indented("  " + option.names.sorted { $0.count < $1.count }.joined(separator: ", ") + (option.value.map { " " + $0 } ?? ""),
                     option.help, width: 24)
        }
        return """
            OVERVIEW: \(command.abstract.replacingOccurrences(of: "\n", with: " "))

            USAGE: \(command.synopsis)

            OPTIONS:
            \(options.joined(separator: "\n"))
              -h, --help            Print this help.

            Exit status: 0 success, 1 spec or template errors\(command == .check ? " or drift" : ""), 2 usage errors.
            """
    }

    /// `head` padded to `width`, then `text` (its own line breaks kept, continuation lines aligned); on a line of its
    /// own when `head` is too long.
    private static func indented(_ head: String, _ text: String, width: Int) -> String {
        let lines = text.split(separator: "\n").map(String.init)
        let pad = String(repeating: " ", count: width)
        let first = head.count < width ? head + String(repeating: " ", count: width - head.count) + lines[0] : head + "\n" + pad + lines[0]
        return ([first] + lines.dropFirst().map { pad + $0 }).joined(separator: "\n")
    }

    /// Parses the arguments after the executable's name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Request {
        guard let first = arguments.first else { throw UsageError(message: "missing command") }
        if first == "--version", arguments.count == 1 { return .version }
        if first == "--help" || first == "-h" { return .help(nil) }
        if first == "help" {
            guard let name = arguments.dropFirst().first else { return .help(nil) }
            return .help(try command(named: name))
        }
        let command = try command(named: first)
        if arguments.contains("--help") || arguments.contains("-h") { return .help(command) }
        var result = Arguments(command: command)
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                result.specs.append(argument)
                continue
            }
            let mine = options.filter { $0.commands.contains(command) }
            guard let option = mine.first(where: { $0.names.contains(argument) }) else {
                let elsewhere = options.contains { $0.names.contains(argument) }
                let names = mine.flatMap(\.names) + ["--help"]
                let message = elsewhere
                    ? "\(command.rawValue) takes no option '\(argument)'"
                    : "unknown option '\(argument)'" + Suggestion.hint(for: argument, in: names)
                throw UsageError(message: message, command: command)
            }
            var value = ""
            if let name = option.value {
                guard let next = rest.popFirst(), !next.hasPrefix("-") else {
                    throw UsageError(message: "\(argument) needs a value (\(argument) \(name))", command: command)
                }
                value = next
            }
            try result.set(option.names[0], to: value)
        }
        guard !result.specs.isEmpty else { throw UsageError(message: "no spec given", command: command) }
        if command == .convert, result.output == nil { throw UsageError(message: "convert needs --output FILE", command: command) }
        if command == .convert, result.specs.count != 1 { throw UsageError(message: "convert takes exactly one OpenAPI document", command: command) }
        if command != .lint, result.output == nil { throw UsageError(message: "\(command.rawValue) needs --output DIR", command: command) }
        return .run(result)
    }

    /// The command called `name`, or a usage error with the closest one.
    private static func command(named name: String) throws(UsageError) -> Command {
        if let command = Command(rawValue: name) { return command }
        let names = Command.allCases.map(\.rawValue) + ["help"]
        let hint = Suggestion.closest(to: name, in: names).map { "did you mean '\($0)'?" }
            ?? "expected one of: \(names.joined(separator: ", "))"
        throw UsageError(message: "unknown command '\(name)'; \(hint)")
    }

    /// Applies the option called `name` (its first spelling) with `value`.
    private mutating func set(_ name: String, to value: String) throws(UsageError) {
        switch name {
        case "--output": output = value
        case "--templates": templates = value
        case "--access":
            guard ["public", "package", "internal"].contains(value) else {
                throw UsageError(message: "--access must be public, package or internal, not '\(value)'", command: command)
            }
            access = value
        case "--completion-handlers": completionHandlers = true
        case "--split":
            guard let choice = FileSplit(argument: value) else {
                throw UsageError(message: "--split (or --model-files) must be auto, always or never, not '\(value)'", command: command)
            }
            split = choice
        case "--include-tag": includeTags.append(value)
        case "--include-path": includePaths.append(value)
        case "--include-operation": includeOperations.append(value)
        case "--name":
            guard SwiftName.type(value) == value, value.first?.isLetter == true else {
                let hint = SwiftName.type(value).first?.isLetter == true ? "; did you mean '\(SwiftName.type(value))'?" : ""
                throw UsageError(message: "--name must be a Swift type name such as Spotify, not '\(value)'\(hint)", command: command)
            }
            self.name = value
        case "--no-spread-object-bodies": spreadsObjectBodies = false
        case "--config": config = value
        case "--check-examples": checkExamples = true
        case "--endpointgen-package": endpointgenPackage = value
        case "--quiet": quiet = true
        default: assertionFailure("the option \(name) of the table is not handled here")
        }
    }
}
