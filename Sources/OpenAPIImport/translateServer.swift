import Diagnostics
import EndpointSpec
import Foundation

/// The client's default server: the first `https` server of the document, else its first `http` one (warned when
/// the API takes credentials, which would then go in clear), else its first relative URL on `https://localhost` (so
/// that a path such as FastAPI's `/api` is kept while the host is set at run time); server variables take their
/// defaults. `https://localhost` when the document names no server.
func translateServer(_ root: DocumentNode, takesCredentials: Bool, diagnostics: ImportDiagnostics) -> Server {
    var absolute: [(server: Server, variables: [(key: String, value: DocumentNode)], url: String)] = []
    var relative: (basePath: String, url: String, location: SourceLocation)?
    for server in root["servers"]?.items ?? [] {
        guard let template = server.text("url") else { continue }
        let variables = server["variables"]?.members.map { ($0.key, $0.value) } ?? []
        let url = Template.replacingPlaceholders(in: template) { name in
            variables.first { $0.0 == name }?.1.text("default") ?? "{\(name)}"
        }
        guard let components = URLComponents(string: url) else { continue }
        guard let scheme = components.scheme else {
            if relative == nil, components.host == nil, !url.contains("{") {
                relative = (trimmedPath(components.percentEncodedPath), url, server.location)
            }
            continue
        }
        guard let known = Server.Scheme(rawValue: scheme.lowercased()), let host = components.host, !host.isEmpty, !host.contains("{") else { continue }
        let bracketed = host.contains(":") ? "[\(host)]" : host
        let address = Server(scheme: known, host: bracketed, port: components.port, basePath: trimmedPath(components.percentEncodedPath), location: server.location)
        absolute.append((address, variables, url))
    }
    if let chosen = absolute.first(where: { $0.server.scheme == .https }) ?? absolute.first {
        if !chosen.variables.isEmpty {
            let values = chosen.variables.map { "\($0.key)=\($0.value.text("default") ?? "")" }.joined(separator: ", ")
            diagnostics.warning("server variables are not supported; the client uses their defaults (\(values)): \(chosen.url); change 'ClientConfiguration.server' to use another", at: chosen.server.location)
        }
        if chosen.server.scheme == .http, takesCredentials {
            diagnostics.warning("the document's server is plain http (\(chosen.url)) and the API takes credentials, which would be sent unencrypted; point 'ClientConfiguration.server' at an https address", at: chosen.server.location)
        }
        return chosen.server
    }
    if let relative {
        diagnostics.warning("the server URL '\(relative.url)' is relative; the client points at https://localhost\(relative.basePath): set the scheme, host and port at run time in 'ClientConfiguration.server', whose base path '\(relative.basePath)' is kept", at: relative.location)
        return Server(scheme: .https, host: "localhost", port: nil, basePath: relative.basePath, location: relative.location)
    }
    diagnostics.warning("the document names no server with an absolute URL; the client points at https://localhost: change 'ClientConfiguration.server'", at: root["servers"]?.location ?? root.location)
    return Server(scheme: .https, host: "localhost", port: nil, basePath: "", location: root.location)
}

/// A server URL's path as a base path: no trailing `/`, and `.` or empty for none.
private func trimmedPath(_ path: String) -> String {
    var basePath = path == "." || path == "./" ? "" : path
    while basePath.hasSuffix("/") { basePath.removeLast() }
    if !basePath.isEmpty, !basePath.hasPrefix("/") { basePath = "/" + basePath }
    return basePath
}
