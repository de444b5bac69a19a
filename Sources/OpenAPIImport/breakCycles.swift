import Diagnostics
import EndpointSpec

/// The models with every property left out that makes a struct contain itself, directly or through other
/// structs (not through an array or dictionary, which Swift stores out of line), each with a warning.
///
/// Every property that points into its own strongly connected component of the "holds a" graph is removed,
/// which removes every cycle.
func breakCycles(_ models: [Model], report: (String, SourceLocation) -> Void) -> [Model] {
    var objects: [String: [Property]] = [:]
    for model in models {
        if case .object(let properties) = model.kind { objects[model.name] = properties }
    }
    func held(_ property: Property) -> String? {
        guard case .model(let name) = property.type.unwrapped, objects[name] != nil else { return nil }
        return name
    }
    let component = stronglyConnectedComponents(nodes: models.map(\.name).filter { objects[$0] != nil }) { name in
        objects[name, default: []].compactMap(held)
    }
    return models.map { model in
        guard case .object(let properties) = model.kind else { return model }
        var result = model
        result.kind = .object(properties.filter { property in
            guard let target = held(property), component[target] == component[model.name] else { return true }
            report("property '\(property.wireName)' of '\(model.name)' holds a '\(target)', which holds a '\(model.name)' again: a Swift struct cannot contain itself, so the property is left out", property.location)
            return false
        })
        return result
    }
}

/// Tarjan's algorithm: a component number for every node; nodes on a common cycle share one.
func stronglyConnectedComponents(nodes: [String], edges: (String) -> [String]) -> [String: Int] {
    var index: [String: Int] = [:]
    var lowLink: [String: Int] = [:]
    var onStack: Set<String> = []
    var stack: [String] = []
    var component: [String: Int] = [:]
    var counter = 0
    var components = 0

    // Iterative, so a long chain of models cannot overflow the stack.
    for root in nodes where index[root] == nil {
        var work: [(node: String, next: Int)] = [(root, 0)]
        index[root] = counter
        lowLink[root] = counter
        counter += 1
        stack.append(root)
        onStack.insert(root)
        while let (node, next) = work.last {
            let targets = edges(node)
            if next < targets.count {
                work[work.count - 1].next += 1
                let target = targets[next]
                if index[target] == nil {
                    index[target] = counter
                    lowLink[target] = counter
                    counter += 1
                    stack.append(target)
                    onStack.insert(target)
                    work.append((target, 0))
                } else if onStack.contains(target) {
                    lowLink[node] = min(lowLink[node]!, index[target]!)
                }
                continue
            }
            work.removeLast()
            if let parent = work.last?.node {
                lowLink[parent] = min(lowLink[parent]!, lowLink[node]!)
            }
            if lowLink[node] == index[node] {
                while let member = stack.popLast() {
                    onStack.remove(member)
                    component[member] = components
                    if member == node { break }
                }
                components += 1
            }
        }
    }
    return component
}
