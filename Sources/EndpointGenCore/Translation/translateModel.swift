import EndpointSpec

/// An object model's context: properties in spec order, each read and written by its wire name, defaults applied in
/// `init(from:)`.
/// `indirect` names the properties stored out of line (`indirectProperties(of:)`).
func translateObject(_ model: Model, properties: [Property], names: ModelNames, indirect: Set<String> = []) -> ModelContext {
    let name = names.typeName(model.name)
    let swiftNames = Set(properties.map { SwiftName.escaped(SwiftName.member($0.name)) })
    let contexts = properties.map { property in
        var context = translateProperty(property, names: names)
        context.isIndirect = indirect.contains(property.name)
        if property.deprecated { context.deprecate(avoiding: swiftNames) }
        return context
    }
    let signature = zip(properties, contexts).map { property, context in
        var parameter = "\(context.name): \(context.type)"
        if let value = context.defaultValue {
            parameter += " = \(value)"
        } else if property.type.isOptional {
            parameter += " = nil"
        }
        return parameter
    }
    return ModelContext(
        name: name,
        docComment: DocComment.lines(model.description ?? "A `\(name)` as the API sends and receives it."),
        properties: contexts,
        initSignature: signature.joined(separator: ", "),
        hasProperties: !properties.isEmpty,
        hasDefaults: contexts.contains { $0.defaultValue != nil },
        hasXMLForms: properties.contains { $0.xml != nil }
    )
}

/// A property or JSON body field: name, type, key, default and how to decode it.
func translateProperty(_ property: Property, names: ModelNames) -> PropertyContext {
    let name = SwiftName.escaped(SwiftName.member(property.name))
    let type = SwiftCode.type(property.type, names: names)
    let defaultValue = property.defaultValue.flatMap { SwiftCode.value($0, as: property.type, names: names) }
    let key = SwiftLiteral.string(property.wireName)
    let xmlForm = SwiftCode.xmlForm(property.xml)
    // The wire name, and the XML form only when marked (`.element` is the helpers' default).
    let arguments = xmlForm == ".element" ? key : "\(key), xml: \(xmlForm)"
    let decode: String
    if let defaultValue {
        decode = "try fields.decodeIfPresent(\(arguments)) ?? \(defaultValue)"
    } else if property.type.isOptional {
        decode = "try fields.decodeIfPresent(\(arguments))"
    } else {
        decode = "try fields.decode(\(arguments))"
    }
    // `self.`: a property may be named `fields` too.
    let encode = property.type.isOptional ? "try fields.encodeIfPresent(self.\(name), \(arguments))" : "try fields.encode(self.\(name), \(arguments))"
    return PropertyContext(
        name: name,
        type: type,
        keyLiteral: key,
        defaultValue: defaultValue,
        decodeExpression: decode,
        encodeStatement: encode,
        docComment: DocComment.lines(property.description),
        xmlForm: xmlForm,
        storageName: name
    )
}

extension PropertyContext {
    /// Makes the property a deprecated accessor of a private stored one, named `_name` (more underscores when another
    /// property has that name), which `init`, `init(from:)` and `encode(to:)` use.
    mutating func deprecate(avoiding names: Set<String>) {
        var storage = "_" + name.filter { $0 != "`" }
        while names.contains(storage) { storage = "_" + storage }
        encodeStatement = encodeStatement.replacingOccurrences(of: "(self.\(name),", with: "(self.\(storage),")
        storageName = storage
        isDeprecated = true
    }
}

/// An enum model's context: one static property per known value.
func translateEnum(_ model: Model, cases: [EnumCase], names: ModelNames) -> EnumContext {
    let name = names.typeName(model.name)
    return EnumContext(
        name: name,
        docComment: DocComment.lines(model.description ?? "The `\(name)` values the API knows."),
        cases: cases.map {
            EnumCaseContext(name: ModelNames.caseName($0.value), valueLiteral: SwiftLiteral.string($0.value), docComment: DocComment.lines($0.description))
        }
    )
}

/// A `oneOf` model's context: a case per alternative, and how to tell them apart when decoding.
func translateOneOf(_ model: Model, oneOf: OneOf, names: ModelNames) -> OneOfContext {
    let name = names.typeName(model.name)
    return OneOfContext(
        name: name,
        docComment: DocComment.lines(model.description ?? "One of the values the API sends as a `\(name)`."),
        cases: oneOf.alternatives.map { alternative in
            OneOfCaseContext(
                name: ModelNames.oneOfCaseName(alternative),
                type: SwiftCode.type(alternative.type, names: names),
                discriminatorPattern: oneOf.discriminatorValues(of: alternative).map { SwiftLiteral.string($0) + "?" }.joined(separator: ", ")
            )
        },
        discriminatorLiteral: oneOf.discriminator.map(SwiftLiteral.string)
    )
}
