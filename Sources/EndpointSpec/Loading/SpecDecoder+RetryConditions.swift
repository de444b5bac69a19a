import YAML

extension SpecDecoder {
    /// `on: [502, 503, timeout, connection]`: statuses and failures without a response; `nil` when any entry is
    /// neither (each reported where it is).
    func retryConditions(_ node: YAMLNode) -> (statuses: [Int], failures: [RetryFailure])? {
        guard let items = sequence(node, "retry 'on'") else { return nil }
        var statuses: [Int] = []
        var failures: [RetryFailure] = []
        var valid = true
        for item in items {
            if case .int = item.resolved {
                if let status = int(item, "a retried status", in: 100...599) { statuses.append(status) } else { valid = false }
            } else if let text = item.text, let failure = RetryFailure(rawValue: text) {
                failures.append(failure)
            } else {
                let written = item.text.map { "'\($0)'" } ?? "a \(item.kindDescription)"
                let names = RetryFailure.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
                sink.error("a retry condition is an HTTP status in 100...599, \(names), not \(written)", at: item)
                valid = false
            }
        }
        return valid ? (statuses, failures) : nil
    }
}
