import EndpointSpec

/// An object model's context: properties in spec order, each read and written by its wire name, defaults applied in
/// `init(from:)`.
/// `indirect` names the properties stored out of line (`indirectProperties(of:)`).
func translateObject(_ model: Model, properties: [Property], names: ModelNames, indirect: Set<String> = []) -> ModelContext {
    let name = names.typeName(model.name)
    let swiftNames = Set(properties.map { SwiftName.escaped(SwiftName.member($0.name)) })
    // The keys of the members that hold `null` (`NullMembers`), when a member can: `nulls`, or with a number when a
    // property has that name.
    let nulls = properties.contains(where: \.keepsNull) ? uniqueMember("nulls", avoiding: swiftNames) : nil
    var contexts = properties.map { property in
        var context = translateProperty(property, names: names, isIndirect: indirect.contains(property.name), nulls: nulls)
        if property.deprecated { context.deprecate(property, avoiding: swiftNames) }
        if context.name == "`self`" { context.argument = uniqueMember("selfValue", avoiding: swiftNames) }
        return context
    }
    var signature = zip(properties, contexts).map { property, context in
        var parameter = context.argument == context.name ? "\(context.name): \(context.type)" : "\(context.name) \(context.argument): \(context.type)"
        if let value = context.defaultValue {
            parameter += " = \(value)"
        } else if property.type.isOptional {
            parameter += " = nil"
        }
        return parameter
    }
    if let additional = model.additionalProperties {
        // Named `additionalProperties`, or with a number when a property has that name.
        let member = uniqueMember("additionalProperties", avoiding: swiftNames.union(contexts.map(\.storageName)).union([nulls].compactMap { $0 }))
        let context = flatMembers(member, type: additional, beside: properties.map(\.wireName), names: names)
        contexts.append(context)
        signature.append("\(context.name): \(context.type) = [:]")
    }
    return ModelContext(
        name: name,
        docComment: modelDocComment(model, or: "A `\(name)` as the API sends and receives it."),
        properties: contexts,
        initSignature: signature.joined(separator: ", "),
        hasProperties: !contexts.isEmpty,
        hasDefaults: contexts.contains { $0.defaultValue != nil },
        hasXMLForms: properties.contains { $0.xml != nil },
        deprecated: model.deprecated ? SwiftLiteral.deprecationMessage(model.name) : nil,
        nulls: nulls
    )
}

/// `base`, or `base` with the first number from 2 that makes it none of `names`.
private func uniqueMember(_ base: String, avoiding names: Set<String>) -> String {
    var member = base
    var suffix = 1
    while names.contains(member) {
        suffix += 1
        member = base + String(suffix)
    }
    return member
}

extension Property {
    /// True when a missing key, `null` and a value are three states: the model's `NullMembers` keeps the `null`.
    var keepsNull: Bool { null == .kept && type.isOptional }
}

/// A property or JSON body field: name, type, key, default and how to decode it; `isIndirect` when it is stored out of
/// line (`@Indirect`); `nulls` names the model's `NullMembers`, which a member that keeps its `null` is written with.
func translateProperty(_ property: Property, names: ModelNames, isIndirect: Bool = false, nulls: String? = nil) -> PropertyContext {
    let name = SwiftName.escaped(SwiftName.member(property.name))
    let type = SwiftCode.type(property.type, names: names)
    let defaultValue = property.defaultValue.flatMap { SwiftCode.value($0, as: property.type, names: names) }
    let xmlForm = SwiftCode.xmlForm(property.xml)
    let arguments = codingArguments(property, xmlForm: xmlForm)
    let decode: String
    if property.keepsNull {
        decode = "try fields.decodeNullable(\(arguments)\(defaultValue.map { ", default: \($0)" } ?? ""))"
    } else if let defaultValue {
        decode = "try fields.decodeIfPresent(\(arguments)) ?? \(defaultValue)"
    } else if property.type.isOptional {
        decode = "try fields.decodeIfPresent(\(arguments))"
    } else {
        decode = "try fields.decode(\(arguments))"
    }
    var context = PropertyContext(
        name: name,
        type: type,
        keyLiteral: SwiftLiteral.string(property.wireName),
        defaultValue: defaultValue,
        decodeExpression: decode,
        encodeStatement: "",
        docComment: DocComment.lines(property.description),
        isIndirect: isIndirect,
        xmlForm: xmlForm,
        storageName: name,
        argument: name,
        nulls: property.keepsNull ? nulls : nil
    )
    context.store(property, in: name)
    return context
}

/// The map of an object's members beyond the keys of its properties (a model's `additionalProperties`, a body's
/// `flat` parameter): every other key decodes into it, and its members are encoded back flat beside the properties.
func flatMembers(_ name: String, type: TypeRef, beside keys: [String], names: ModelNames) -> PropertyContext {
    let listed = "[" + keys.map(SwiftLiteral.string).joined(separator: ", ") + "]"
    return PropertyContext(
        name: name,
        type: SwiftCode.type(.dictionary(type), names: names),
        keyLiteral: "",
        defaultValue: "[:]",
        decodeExpression: "try fields.decodeAdditional(except: \(listed))",
        encodeStatement: "try fields.encodeAdditional(self.\(name), except: \(listed))",
        docComment: ["/// The members beyond the listed properties, by key, encoded flat beside them."],
        storageName: name,
        argument: name,
        isAdditional: true
    )
}

/// The wire name, and the XML form only when marked (`.element` is the helpers' default).
private func codingArguments(_ property: Property, xmlForm: String) -> String {
    let key = SwiftLiteral.string(property.wireName)
    return xmlForm == ".element" ? key : "\(key), xml: \(xmlForm)"
}

extension PropertyContext {
    /// Makes the property a deprecated accessor of a private stored one, named `_name` (more underscores when another
    /// property has that name), which `init`, `init(from:)` and `encode(to:)` use.
    mutating func deprecate(_ property: Property, avoiding names: Set<String>) {
        var storage = "_" + name.filter { $0 != "`" }
        while names.contains(storage) { storage = "_" + storage }
        store(property, in: storage)
        isDeprecated = true
    }

    /// Stores the property in `storage`: what `init(from:)` assigns and `encode(to:)` writes.
    mutating func store(_ property: Property, in storage: String) {
        storageName = storage
        let arguments = codingArguments(property, xmlForm: xmlForm)
        // `self.`: a property may be named `fields` too.
        if let nulls {
            encodeStatement = "try fields.encodeIfPresent(self.\(storage), \(arguments), nulls: self.\(nulls))"
        } else {
            let method = !property.type.isOptional ? "encode" : property.null == .sent ? "encodeOrNull" : "encodeIfPresent"
            encodeStatement = "try fields.\(method)(self.\(storage), \(arguments))"
        }
    }
}

/// An enum model's context: one static property per known value.
func translateEnum(_ model: Model, cases: [EnumCase], rawType: TypeRef, names: ModelNames) -> EnumContext {
    let name = names.typeName(model.name)
    return EnumContext(
        name: name,
        rawType: rawType.description,
        conformance: rawType == .string ? "OpenStringValue" : "OpenEnumValue",
        docComment: modelDocComment(model, or: "The `\(name)` values the API knows."),
        cases: cases.map {
            EnumCaseContext(
                name: ModelNames.caseName($0.value, rawType: rawType), valueLiteral: SwiftLiteral.enumValue($0.value, rawType: rawType),
                docComment: DocComment.lines($0.description))
        },
        deprecated: model.deprecated ? SwiftLiteral.deprecationMessage(model.name) : nil
    )
}

/// A `oneOf` model's context: a case per alternative, and how to tell them apart when decoding. `objects` names the
/// object models: two of them without a discriminator may both fit a value, so it decodes as the one that keeps the most
/// of its members.
func translateOneOf(_ model: Model, oneOf: OneOf, names: ModelNames, objects: Set<String>) -> OneOfContext {
    let name = names.typeName(model.name)
    let objectAlternatives = oneOf.alternatives.filter { if case .model(let name) = $0.type { objects.contains(name) } else { false } }
    return OneOfContext(
        name: name,
        docComment: modelDocComment(model, or: "One of the values the API sends as a `\(name)`."),
        cases: oneOf.alternatives.map { alternative in
            OneOfCaseContext(
                name: ModelNames.oneOfCaseName(alternative),
                type: SwiftCode.type(alternative.type, names: names),
                discriminatorPattern: oneOf.discriminatorValues(of: alternative).map { SwiftLiteral.string($0) + "?" }.joined(separator: ", ")
            )
        },
        discriminatorLiteral: oneOf.discriminator.map(SwiftLiteral.string),
        choosesByMembers: oneOf.discriminator == nil && objectAlternatives.count > 1
    )
}

/// A model's doc comment: its description, or `fallback`, and a line that says so when the spec marks it deprecated.
private func modelDocComment(_ model: Model, or fallback: String) -> [String] {
    let lines = DocComment.lines(model.description ?? fallback)
    return model.deprecated ? lines + ["///", "/// Deprecated in the API spec."] : lines
}
