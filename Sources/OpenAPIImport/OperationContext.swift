import EndpointSpec

/// The operation being translated, for messages (`operation 'listPets'`) and for naming its inline types (`ListPets...`).
struct OperationContext: CustomStringConvertible {
    /// The endpoint's name, e.g. `listPets`.
    let name: String

    /// The prefix of the operation's inline models, e.g. `ListPets`.
    var typeName: String { SwiftName.type(name) }

    var description: String { "operation '\(name)'" }
}
