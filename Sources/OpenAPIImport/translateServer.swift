import Diagnostics
import EndpointSpec
import Foundation

/// The client's default server: the first `https` server of the document, else its first `http` one (warned when
/// the API takes credentials, which would then go in clear), else its first relative URL on `https://localhost` (so
/// that a path such as FastAPI's `/api` is kept while the host is set at run time). `https://localhost` when the
/// document names no server.
///
/// The chosen server's variables (`https://{region}.api.example.com/{basePath}`) become the client's variables, with
/// their defaults and descriptions: the host and base path keep their placeholders, which a client fills in when it
/// is made. A variable in the scheme or the port, or one whose name cannot be a spec variable, takes its default,
/// with a warning.
func translateServer(_ root: DocumentNode, takesCredentials: Bool, diagnostics: ImportDiagnostics) -> (server: Server, variables: [Variable]) {
    var absolute: [ServerTemplate] = []
    var relative: ServerTemplate?
    for node in root["servers"]?.items ?? [] {
        guard let template = ServerTemplate(node) else { continue }
        if template.isAbsolute {
            absolute.append(template)
        } else if relative == nil {
            relative = template
        }
    }
    if let chosen = absolute.first(where: { $0.server.scheme == .https }) ?? absolute.first {
        if chosen.server.scheme == .http, takesCredentials {
            diagnostics.warning("the document's server is plain http (\(chosen.url)) and the API takes credentials, which would be sent unencrypted; point 'ClientConfiguration.server' at an https address", at: chosen.server.location)
        }
        return (chosen.server, chosen.variables(diagnostics))
    }
    if let relative {
        diagnostics.warning("the server URL '\(relative.url)' is relative; the client points at https://localhost\(relative.server.basePath): set the scheme, host and port at run time in 'ClientConfiguration.server', whose base path '\(relative.server.basePath)' is kept", at: relative.server.location)
        return (relative.server, relative.variables(diagnostics))
    }
    diagnostics.warning("the document names no server with an absolute URL; the client points at https://localhost: change 'ClientConfiguration.server'", at: root["servers"]?.location ?? root.location)
    return (Server(scheme: .https, host: "localhost", port: nil, basePath: "", location: root.location), [])
}

/// One entry of `servers`: its URL with the variables that can stay variables kept as `{name}` in the host and base
/// path, and the others replaced by their defaults.
private struct ServerTemplate {
    let url: String
    let server: Server
    let isAbsolute: Bool
    /// The variables the server keeps, with the node of each.
    private let kept: [(name: String, location: SourceLocation, node: DocumentNode)]
    /// The variables fixed at their defaults, with why.
    private let fixed: [(name: String, location: SourceLocation, value: String, why: String)]

    init?(_ node: DocumentNode) {
        guard let url = node.text("url") else { return nil }
        let declared = node["variables"]?.members ?? []
        func value(_ name: String) -> String { declared.first { $0.key == name }?.value.text("default") ?? "{\(name)}" }
        func parse(keeping names: Set<String>) -> URLComponents? {
            URLComponents(string: Template.replacingPlaceholders(in: url) { name in
                names.contains(name) ? Self.marker(name, in: declared) : value(name)
            })
        }
        guard let withDefaults = parse(keeping: []) else { return nil }
        var keptNames: Set<String> = []
        var fixed: [(String, SourceLocation, String, String)] = []
        for (name, location, _) in declared where Template.placeholderNames(in: url).contains(name) {
            let marker = Self.marker(name, in: declared)
            let parsed = parse(keeping: [name])
            let inHostOrPath = parsed.map { ($0.host ?? "").contains(marker) || $0.percentEncodedPath.contains(marker) } ?? false
            if !Template.isName(name) || name == "version" {
                fixed.append((name, location, value(name), "its name cannot be a client variable"))
            } else if !inHostOrPath {
                fixed.append((name, location, value(name), "only the host and the path can hold a client variable"))
            } else {
                keptNames.insert(name)
            }
        }
        guard let components = parse(keeping: keptNames) else { return nil }
        func unmarked(_ text: String) -> String {
            keptNames.reduce(text) { text, name in text.replacingOccurrences(of: Self.marker(name, in: declared), with: "{\(name)}") }
        }
        let basePath = unmarked(Self.trimmedPath(components.percentEncodedPath))
        self.url = url
        self.fixed = fixed
        kept = declared.filter { keptNames.contains($0.key) }.map { ($0.key, $0.location, $0.value) }
        if let scheme = withDefaults.scheme {
            guard let known = Server.Scheme(rawValue: scheme.lowercased()), let host = components.host, !host.isEmpty, !host.contains("{") else { return nil }
            let bracketed = host.contains(":") ? "[\(host)]" : host
            server = Server(scheme: known, host: unmarked(bracketed), port: withDefaults.port, basePath: basePath, location: node.location)
            isAbsolute = true
        } else {
            guard components.host == nil else { return nil }
            server = Server(scheme: .https, host: "localhost", port: nil, basePath: basePath, location: node.location)
            isAbsolute = false
        }
    }

    /// The kept variables as the spec's, each fixed one a warning.
    func variables(_ diagnostics: ImportDiagnostics) -> [Variable] {
        for (name, location, value, why) in fixed {
            diagnostics.warning("the server variable '\(name)' of \(url) takes its default '\(value)': \(why); change 'ClientConfiguration.server' to use another", at: location)
        }
        return kept.map { name, location, node in
            let choices = node["enum"]?.items.compactMap(\.node.text) ?? []
            let description = [node.text("description"), choices.isEmpty ? nil : "One of: \(choices.joined(separator: ", "))."]
                .compactMap { $0 }.joined(separator: " ")
            return Variable(name: name, description: description.isEmpty ? nil : description, defaultValue: node.text("default"), location: location)
        }
    }

    /// A stand-in for the variable `name` that URL parsing keeps as it is in a host and a path.
    private static func marker(_ name: String, in declared: [(key: String, location: SourceLocation, value: DocumentNode)]) -> String {
        "endpointgenvariable\(declared.firstIndex { $0.key == name } ?? 0)x"
    }

    /// A server URL's path as a base path: no trailing `/`, and `.` or empty for none.
    private static func trimmedPath(_ path: String) -> String {
        var basePath = path == "." || path == "./" ? "" : path
        while basePath.hasSuffix("/") { basePath.removeLast() }
        if !basePath.isEmpty, !basePath.hasPrefix("/") { basePath = "/" + basePath }
        return basePath
    }
}
