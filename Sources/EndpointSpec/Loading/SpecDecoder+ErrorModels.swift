import Diagnostics
import YAML

extension SpecDecoder {
    /// An endpoint's `error:`, one type for every error status or a mapping from statuses to types
    /// (`{ 401: Challenge, 4XX: Problem, default: Problem }`): the model of every status not listed (the mapping's
    /// `default`, else the spec's `errors.model`) and the listed ones, exact statuses first, then ranges.
    func errorModels(_ node: YAMLNode?, settings: EndpointSettings, context: String) -> (model: TypeRef?, byStatus: [StatusErrorModel]) {
        guard let node else { return (settings.errors.model, []) }
        guard node.mapping != nil else { return (type(node, "the error of \(context)"), []) }
        var other = settings.errors.model
        var byStatus: [StatusErrorModel] = []
        var written: [String: SourceLocation] = [:]
        for pair in mapping(node, "the error of \(context)") ?? [] {
            let text = pair.key.text ?? ""
            guard let status = StatusErrorModel.statusKey(text) else {
                sink.error(
                    "'\(text)' is not an error status in the error of \(context): write a status 400...599, a range 4XX or 5XX, or default",
                    at: pair.key)
                continue
            }
            if let first = written[status] {
                sink.error(
                    "status \(status) is written twice in the error of \(context)", at: pair.key,
                    notes: [Diagnostic(.note, "it is first written here", at: first)])
                continue
            }
            written[status] = pair.key.location
            guard let type = type(pair.value, "the error of status \(status) of \(context)") else { continue }
            if status == "default" {
                other = type
            } else {
                byStatus.append(StatusErrorModel(status: status, type: type, location: pair.key.location))
            }
        }
        return (other, StatusErrorModel.matchingOrder(byStatus))
    }
}
