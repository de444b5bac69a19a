import EndpointSpec

/// An object model's context: properties in spec order, defaults applied in `init(from:)`.
func translateObject(_ model: Model, properties: [Property], names: ModelNames) -> ModelContext {
    let name = names.typeName(model.name)
    let contexts = properties.map { translateProperty($0, names: names) }
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
    let unwrapped = SwiftCode.type(property.type.unwrapped, names: names)
    let defaultValue = property.defaultValue.flatMap { SwiftCode.value($0, as: property.type, names: names) }
    let decode: String
    if let defaultValue {
        decode = "try container.decodeIfPresent(\(unwrapped).self, forKey: .\(name)) ?? \(defaultValue)"
    } else if property.type.isOptional {
        decode = "try container.decodeIfPresent(\(unwrapped).self, forKey: .\(name))"
    } else {
        decode = "try container.decode(\(type).self, forKey: .\(name))"
    }
    return PropertyContext(
        name: name,
        type: type,
        keyLiteral: SwiftLiteral.string(property.wireName),
        defaultValue: defaultValue,
        decodeExpression: decode,
        docComment: DocComment.lines(property.description),
        xmlForm: SwiftCode.xmlForm(property.xml)
    )
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
