import EndpointGenCore

/// The command line, parsed: `endpointgen COMMAND SPEC... [options]`.
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
    }

    var command: Command
    var specs: [String] = []
    var output: String?
    var templates: String?
    var access = "public"
    var completionHandlers = false
    var modelFiles = ModelFiles.automatic
    var quiet = false
    /// Which operations of OpenAPI documents to import (`--include-tag`, `--include-path`, `--include-operation`).
    var includeTags: [String] = []
    var includePaths: [String] = []
    var includeOperations: [String] = []

    /// A usage problem: printed with the usage text, exit status 2.
    struct UsageError: Error, Equatable {
        let message: String
    }

    /// What `--help` prints.
    static let usage = """
        OVERVIEW: Generate typed Swift clients from EndpointGen API specs.

        USAGE: endpointgen generate SPEC... --output DIR [--templates DIR] [--access public|package|internal] [--completion-handlers]
                                       [--model-files auto|by-letter]
               endpointgen check SPEC... --output DIR [same options as generate]
               endpointgen lint SPEC...
               endpointgen convert OPENAPI --output FILE [--include-tag TAG] [--include-path PATH] [--include-operation ID]

        COMMANDS:
          generate              Write one set of Swift files per spec into DIR/<spec name>/. Only files whose bytes
                                change are written; files of ours that no spec produces any more are removed.
          check                 Exit 1 and list the differences when DIR is not what generate would write (for CI).
          lint                  Validate the specs and print their errors and warnings.
          convert               Write the EndpointGen spec equivalent to an OpenAPI 3.0/3.1 document to FILE.

        A SPEC may also be an OpenAPI 3.0 or 3.1 document (YAML or JSON): it is translated, and what EndpointGen
        cannot express is a warning naming the feature and what was generated instead.

        OPTIONS:
          --output DIR          The folder that receives the generated files.
          --templates DIR       A folder of *.mustache files that replace the default templates of the same name.
          --access LEVEL        The access level of generated declarations (default: public).
          --completion-handlers Also generate a completion-handler variant of every endpoint method.
          --model-files HOW     auto (default): one <spec>Models.swift, or past 100 models one <spec>Models+<letter>.swift
                                per initial letter, which compiles faster; by-letter: always all 27 letter files
                                (A-Z and _), empty ones too, so their names are known in advance (for build plugins).
          --include-tag TAG     Import only OpenAPI operations with this tag (repeatable; filters add up).
          --include-path PATH   ... or at this path, e.g. /pets/{petId}; a trailing * matches a prefix, e.g. /v1/customers*.
          --include-operation ID
                                ... or with this operationId (or derived name, e.g. getPetsPetId).
          --quiet               Print errors only.
          --version             Print the version.
          -h, --help            Print this help.

        Exit status: 0 success, 1 spec or template errors (or drift, for check), 2 usage errors.
        """

    /// Parses the arguments after the executable's name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
        guard let first = arguments.first else { throw UsageError(message: "missing command") }
        guard let command = Command(rawValue: first) else {
            throw UsageError(message: "unknown command '\(first)'; expected one of: \(Command.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var result = Arguments(command: command)
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            func value() throws(UsageError) -> String {
                guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                    throw UsageError(message: "\(argument) needs a value")
                }
                return value
            }
            switch argument {
            case "--output", "-o": result.output = try value()
            case "--templates": result.templates = try value()
            case "--access":
                result.access = try value()
                guard ["public", "package", "internal"].contains(result.access) else {
                    throw UsageError(message: "--access must be public, package or internal, not '\(result.access)'")
                }
            case "--completion-handlers": result.completionHandlers = true
            case "--model-files":
                let name = try value()
                guard let modelFiles = ModelFiles(rawValue: name) else {
                    throw UsageError(message: "--model-files must be auto or by-letter, not '\(name)'")
                }
                result.modelFiles = modelFiles
            case "--include-tag": result.includeTags.append(try value())
            case "--include-path": result.includePaths.append(try value())
            case "--include-operation": result.includeOperations.append(try value())
            case "--quiet", "-q": result.quiet = true
            default:
                guard !argument.hasPrefix("-") else { throw UsageError(message: "unknown option '\(argument)'") }
                result.specs.append(argument)
            }
        }
        guard !result.specs.isEmpty else { throw UsageError(message: "no spec given") }
        if command == .convert, result.output == nil { throw UsageError(message: "convert needs --output FILE") }
        if command == .convert, result.specs.count != 1 { throw UsageError(message: "convert takes exactly one OpenAPI document") }
        if command != .lint, result.output == nil { throw UsageError(message: "\(command.rawValue) needs --output DIR") }
        return result
    }
}
