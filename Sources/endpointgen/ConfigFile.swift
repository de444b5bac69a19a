import Diagnostics
import EndpointSpec
import Foundation
import YAML

/// `--config FILE`: the options of an OpenAPI document's import written down beside it (`endpointgen-config.yaml`),
/// for the build tool plugin, which takes no arguments, and for anyone who would rather not repeat them:
///
/// ```yaml
/// name: Petstore                # the client's name (PetstoreClient), and its files'
/// access: internal              # public (default), package or internal
/// include:                      # import only these operations (any match counts)
///   tags: [pets]
///   paths: ["/pets*"]
///   operations: [showPetById]
/// spreadsObjectBodies: false    # addPet(_ pet: Pet) rather than addPet(id:name:tag:)
/// completionHandlers: true
/// ```
///
/// Options on the command line win over the file's; its filters add to theirs. Every problem is located.
struct ConfigFile: Equatable {
    var name: String?
    var access: String?
    var tags: [String] = []
    var paths: [String] = []
    var operations: [String] = []
    var spreadsObjectBodies: Bool?
    var completionHandlers: Bool?

    static let keys = ["name", "access", "include", "spreadsObjectBodies", "completionHandlers"]
    static let includeKeys = ["tags", "paths", "operations"]

    /// Reads the file at `path`; its errors are located in it.
    static func read(path: String) throws(DiagnosticError) -> ConfigFile {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw DiagnosticError(Diagnostic(.error, "cannot read the config file '\(path)'"))
        }
        return try parse(text, path: path)
    }

    /// Parses a config file's text.
    static func parse(_ text: String, path: String) throws(DiagnosticError) -> ConfigFile {
        let root = try YAMLParser.parseDocument(text, file: path)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var errors: [Diagnostic] = []
        func error(_ message: String, at node: YAMLNode) {
            let line = node.location.line - 1
            errors.append(Diagnostic(
                .error, message, at: node.location, sourceLine: lines.indices.contains(line) ? lines[line] : nil,
                width: node.text?.unicodeScalars.count ?? 1))
        }
        func strings(_ node: YAMLNode, _ what: String) -> [String] {
            if let text = node.text { return [text] }
            guard let items = node.sequence else {
                error("expected a list of strings for \(what), found a \(node.kindDescription)", at: node)
                return []
            }
            return items.compactMap { item in
                guard let text = item.text else {
                    error("expected a string in \(what), found a \(item.kindDescription)", at: item)
                    return nil
                }
                return text
            }
        }
        func bool(_ node: YAMLNode, _ key: String) -> Bool? {
            switch node.text {
            case "true": return true
            case "false": return false
            default:
                error("'\(key)' must be true or false, not '\(node.text ?? node.kindDescription)'", at: node)
                return nil
            }
        }
        var config = ConfigFile()
        if case .scalar(let scalar) = root.content, scalar.text.isEmpty { return config }  // an empty file: no options
        guard let pairs = root.mapping else {
            throw DiagnosticError(Diagnostic(.error, "a config file is a mapping of options (\(keys.joined(separator: ", "))), not a \(root.kindDescription)", at: root.location))
        }
        for pair in pairs {
            let key = pair.key.text ?? ""
            let value = pair.value
            switch key {
            case "name":
                guard let name = value.text, SwiftName.type(name) == name, name.first?.isLetter == true else {
                    error("'name' must be a Swift type name such as Petstore, not '\(value.text ?? value.kindDescription)'", at: value)
                    continue
                }
                config.name = name
            case "access":
                guard let access = value.text, ["public", "package", "internal"].contains(access) else {
                    error("'access' must be public, package or internal, not '\(value.text ?? value.kindDescription)'", at: value)
                    continue
                }
                config.access = access
            case "include":
                guard let filters = value.mapping else {
                    error("'include' is a mapping of \(includeKeys.joined(separator: ", ")), not a \(value.kindDescription)", at: value)
                    continue
                }
                for filter in filters {
                    switch filter.key.text ?? "" {
                    case "tags": config.tags += strings(filter.value, "include.tags")
                    case "paths": config.paths += strings(filter.value, "include.paths")
                    case "operations": config.operations += strings(filter.value, "include.operations")
                    case let other:
                        error("unknown key '\(other)' in 'include'" + hint(other, includeKeys), at: filter.key)
                    }
                }
            case "spreadsObjectBodies": config.spreadsObjectBodies = bool(value, key)
            case "completionHandlers": config.completionHandlers = bool(value, key)
            default:
                error("unknown key '\(key)' in a config file" + hint(key, keys), at: pair.key)
            }
        }
        guard errors.isEmpty else { throw DiagnosticError(errors) }
        return config
    }

    private static func hint(_ word: String, _ keys: [String]) -> String {
        Suggestion.closest(to: word, in: keys).map { "; did you mean '\($0)'?" } ?? "; expected one of: \(keys.joined(separator: ", "))"
    }

    /// `arguments` with this file's options under them: what the command line gives wins, filters add up.
    func applied(to arguments: Arguments) -> Arguments {
        var arguments = arguments
        arguments.name = arguments.name ?? name
        arguments.access = arguments.access ?? access
        arguments.includeTags += tags
        arguments.includePaths += paths
        arguments.includeOperations += operations
        arguments.spreadsObjectBodies = arguments.spreadsObjectBodies ?? spreadsObjectBodies
        arguments.completionHandlers = arguments.completionHandlers || completionHandlers == true
        return arguments
    }
}
