import Diagnostics
import EndpointSpec
import OpenAPIImport

/// The loaded specs with each set of OpenAPI documents whose clients have one name (from `info.title`, or `--name`)
/// made one client (`mergeSpecs`), under its first document's path; `documents` lists, by that path, the documents
/// it was made of, for the summary. EndpointGen specs name themselves and are never merged.
func mergeDocuments(
    _ loaded: [(path: String, spec: Spec, warnings: Int)], summaries: [String: ImportSummary]
) -> (loaded: [(path: String, spec: Spec, warnings: Int)], documents: [String: [String]], diagnostics: [Diagnostic]) {
    var result: [(path: String, spec: Spec, warnings: Int)] = []
    var documents: [String: [String]] = [:]
    var diagnostics: [Diagnostic] = []
    var groups: [String: [Int]] = [:]
    for (index, entry) in loaded.enumerated() where summaries[entry.path] != nil {
        groups[entry.spec.name, default: []].append(index)
    }
    for (index, entry) in loaded.enumerated() {
        guard summaries[entry.path] != nil, let group = groups[entry.spec.name], group.count > 1 else {
            result.append(entry)
            continue
        }
        guard group.first == index else { continue }
        let merged = mergeSpecs(group.map { (loaded[$0].path, loaded[$0].spec) })
        diagnostics += merged.diagnostics
        documents[entry.path] = group.map { loaded[$0].path }
        result.append((entry.path, merged.spec, group.map { loaded[$0].warnings }.reduce(0, +) + merged.diagnostics.count))
    }
    return (result, documents, diagnostics)
}

/// `Kubernetes: one client made of k8s-apps-v1.json, k8s-core-v1.json`, for a client several documents made.
func madeOfLine(_ spec: Spec, documents: [String]?) -> String? {
    guard let documents, documents.count > 1 else { return nil }
    return "\(spec.name): one client made of \(documents.joined(separator: ", "))"
}
