public import EndpointSpec

extension Generator {
    /// How the client generated from `spec` spells its types in Swift: models by their generated names (`Error` is
    /// `ErrorModel`, as it would shadow Swift's), e.g. for code that is compiled with the generated client.
    public static func swiftTypes(of spec: Spec) -> @Sendable (TypeRef) -> String {
        let prefix = SwiftName.type(spec.name)
        let clientName = prefix + "Client"
        let names = ModelNames(
            spec: spec, reserved: GeneratedCodeNames.reserved(clientNames: [clientName, clientName + "Protocol", prefix + "Endpoints", "Fake" + clientName]))
        return { SwiftCode.type($0, names: names) }
    }
}
