import Diagnostics
import EndpointSpec
import Foundation

/// The first server with an absolute URL, its variables set to their defaults; `https://localhost` when there is none.
func translateServer(_ root: DocumentNode, diagnostics: ImportDiagnostics) -> Server {
    let servers = root["servers"]?.items ?? []
    for server in servers {
        guard let template = server.text("url") else { continue }
        let variables = server["variables"]?.members ?? []
        let url = Template.replacingPlaceholders(in: template) { name in
            variables.first { $0.key == name }?.value.text("default") ?? "{\(name)}"
        }
        guard let components = URLComponents(string: url), let scheme = components.scheme.flatMap({ Server.Scheme(rawValue: $0.lowercased()) }),
              let host = components.host, !host.isEmpty, !host.contains("{")
        else { continue }
        if !variables.isEmpty {
            let values = variables.map { "\($0.key)=\($0.value.text("default") ?? "")" }.joined(separator: ", ")
            diagnostics.warning("server variables are not supported; the client uses their defaults (\(values)): \(url); change 'ClientConfiguration.server' to use another", at: server.location)
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let bracketed = host.contains(":") ? "[\(host)]" : host
        return Server(scheme: scheme, host: bracketed, port: components.port, basePath: basePath, location: server.location)
    }
    diagnostics.warning("the document names no server with an absolute URL; the client points at https://localhost: change 'ClientConfiguration.server'", at: root["servers"]?.location ?? root.location)
    return Server(scheme: .https, host: "localhost", port: nil, basePath: "", location: root.location)
}
