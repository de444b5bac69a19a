import EndpointSpec

/// The properties a struct must store out of line (`@Indirect`) because through them a model holds itself, directly
/// (`Comment.parent: Comment?`) or through other models (`Node.edge: Edge?`, `Edge.to: Node`), by model name and
/// then property name. Arrays, dictionaries and `oneOf` models (indirect enums) already store out of line, so only
/// a property whose type is an object model, optional or not, can close such a cycle.
///
/// Every property that points into its own strongly connected component of the "holds a" graph is chosen, which
/// breaks every cycle and keeps every property.
func indirectProperties(of models: [Model]) -> [String: Set<String>] {
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
    var result: [String: Set<String>] = [:]
    for (name, properties) in objects {
        let chosen = properties.filter { property in held(property).map { component[$0] == component[name] } ?? false }
        if !chosen.isEmpty { result[name] = Set(chosen.map(\.name)) }
    }
    return result
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
