import EndpointSpec

/// The Swift name of every operation of a document, worked out once for the whole document: the names depend on one
/// another (a shortened name is taken only where no other operation would get it too).
///
/// An operation is named, in order of preference, by its `x-swift-name`; by its `operationId` without the suffix that
/// FastAPI's default ids carry (`create_flow_flows__post` for `POST /flows/` is `createFlow`), when no other
/// operation's name would then be the same; by its `operationId`; else by its method and path (`getPetsPetId`).
struct OperationNames {
    private var names: [String: String] = [:]

    init(paths: DocumentNode, schemas: SchemaTranslator) {
        var operations: [(key: String, operationId: String?, shortened: String?, chosen: String?)] = []
        for (path, _, rawItem) in paths.members {
            let item = schemas.dereferenced(rawItem)
            for (method, _) in OperationTranslator.methods {
                guard let written = item[method] else { continue }
                let operation = schemas.dereferenced(written)
                let operationId = operation.text("operationId")
                let shortened = operationId.flatMap { Self.fastAPIFunctionName(operationId: $0, path: path, method: method) }.map(SwiftName.member)
                operations.append((Self.key(path, method), operationId, shortened, operation.text("x-swift-name")))
            }
        }
        // A shortened name is kept only when it is unique among all the names the operations would get.
        var counts: [String: Int] = [:]
        for operation in operations {
            for name in Set([operation.shortened, operation.operationId.map(SwiftName.member)].compactMap { $0 }) { counts[name, default: 0] += 1 }
        }
        for operation in operations {
            let shortened = operation.shortened.flatMap { counts[$0] == 1 ? $0 : nil }
            if let name = operation.chosen ?? shortened ?? operation.operationId.map(SwiftName.member) {
                names[operation.key] = name
            }
        }
    }

    /// The operation's Swift name, before the endpoint names are made unique.
    func name(path: String, method: String) -> String {
        names[Self.key(path, method)] ?? SwiftName.member("\(method) \(path)")
    }

    /// The names an `--include-operation` filter may give for the operation: the `operationId` as written and as a
    /// Swift name, the name from method and path, and the operation's Swift name.
    func filterNames(path: String, method: String, operationId: String?) -> [String] {
        [operationId, SwiftName.member("\(method) \(path)"), operationId.map(SwiftName.member), names[Self.key(path, method)]].compactMap { $0 }
    }

    private static func key(_ path: String, _ method: String) -> String { method + " " + path }

    /// The function name of a FastAPI default `operationId`, which is the function name, then the path with every
    /// character that is not a letter, a digit or `_` replaced by `_`, then `_` and the method; `nil` for other ids.
    static func fastAPIFunctionName(operationId: String, path: String, method: String) -> String? {
        let suffix = String(path.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" }) + "_" + method
        guard operationId.count > suffix.count, operationId.hasSuffix(suffix) else { return nil }
        var name = operationId.dropLast(suffix.count)
        while name.hasSuffix("_") { name = name.dropLast() }
        return name.isEmpty ? nil : String(name)
    }
}
