import Diagnostics
import EndpointSpec
import YAML

/// Turns OpenAPI schemas into our types, building a model for every object, string enumeration and
/// union (`oneOf`/`anyOf`) that an imported operation reaches (and nothing else, so a filtered import stays small).
final class SchemaTranslator {
    let documents: DocumentSet
    let diagnostics: ImportDiagnostics
    /// Models by name, as built (and widened to the document's examples, `SchemaTranslator+Examples.swift`).
    var models: [String: Model] = [:]
    /// The model built for each schema node (by `DocumentNode.identity`), so a schema reached twice is one model.
    private var modelNames: [NodeIdentity: String] = [:]
    var names = UniqueNames()
    /// Inline models by their structure, to reuse an identical one.
    private var inlineModels: [String: String] = [:]
    /// The models built for inline schemas (not components): names the importer made up, which `sameAsIdentical`
    /// may make another name for an identical model.
    private(set) var inlineModelNames: Set<String> = []
    private var shapes: [NodeIdentity: SchemaShape] = [:]
    /// Aliases being resolved, shapes being computed, and objects whose properties are being collected:
    /// each stops at a reference that leads back to itself.
    private var aliasesInProgress: Set<NodeIdentity> = []
    private var shapesInProgress: Set<NodeIdentity> = []
    var collectionsInProgress: Set<NodeIdentity> = []
    /// The defaults left out because they do not fit their type, with what they belong to: reported in one warning per
    /// document (kube-openapi gives `default: {}` to every reference of a model or a time), not one per use.
    private var misfitDefaults: [(location: SourceLocation, context: String, type: TypeRef)] = []
    /// The `required` names without a property already warned about (`SchemaTranslator+RequiredNames.swift`): a
    /// base schema's name is warned about once, not again for every schema that includes it with `allOf`.
    var warnedRequiredNames: Set<SourceLocation> = []
    /// The union built for each discriminated base schema (by identity) and the subtypes that extend each base with
    /// `allOf`, by file (`SchemaTranslator+Subtypes.swift`).
    var polymorphicModels: [NodeIdentity: String] = [:]
    var subtypesByFile: [String: [NodeIdentity: [(schema: NodeIdentity, reference: DocumentNode)]]] = [:]

    /// Type names our specs reserve (built-in types, `Empty`) or Swift does not allow as a type name.
    static let reservedTypeNames: Set<String> = Set(TypeRef.builtins.keys).union(["Empty", "Multipart", "Type", "Protocol", "Self", "Any"])

    init(documents: DocumentSet, diagnostics: ImportDiagnostics) {
        self.documents = documents
        self.diagnostics = diagnostics
    }

    // MARK: Types

    /// The type of a schema; `name` names the model an inline object or enumeration becomes.
    func type(_ schema: DocumentNode, name: String) -> SchemaType {
        if let wrapped = wrappedSchema(schema) {
            return type(wrapped, name: name).optional(if: isNullable(schema))
        }
        if let reference = schema.reference {
            guard let (target, key) = documents.resolve(reference, from: schema) else {
                return .unsupported("an unresolvable reference '\(reference)'")
            }
            let componentName = Self.componentName(key)
            if case .other = shape(target) {
                return guarded(target, in: \.aliasesInProgress) { self.type(target, name: componentName) } ?? .unsupported("a schema that refers to itself")
            }
            // A model's name is recorded before its properties are built, so a self-reference ends here.
            // `nullable: true` beside the `$ref`, or on the component, makes the use optional. Where a base with a
            // discriminator is declared, a value is any of its subtypes.
            let base = dereferenced(target)
            let model = polymorphicModel(base, name: componentName) ?? model(for: base, name: componentName, inline: false)
            return SchemaType.type(.model(model)).optional(if: isNullable(schema) || isNullable(base))
        }
        let nullable = isNullable(schema)
        switch shape(schema) {
        case .object, .enumeration, .union:
            return .type(.model(model(for: schema, name: name, inline: true))).optional(if: nullable)
        case .other:
            return inlineType(schema, name: name).optional(if: nullable)
        }
    }

    /// The name a referenced schema's model gets: the pointer's last token (`Pet` for `#/components/schemas/Pet`),
    /// or the file's name without extension for a whole file (`Pet` for `schemas/Pet.yaml`).
    static func componentName(_ key: String) -> String {
        let parts = key.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count > 1, let token = parts[1].split(separator: "/").last { return DocumentSet.unescape(String(token)) }
        let file = parts[0].split(separator: "/").last.map(String.init) ?? String(parts[0])
        return file.split(separator: ".").first.map(String.init) ?? file
    }

    /// Runs `work` unless `node` is already being worked on further up (a cycle), in which case `nil`.
    /// (A key path rather than `inout`: the work itself reaches the same set, which `inout` access would forbid.)
    func guarded<T>(_ node: DocumentNode, in inProgress: ReferenceWritableKeyPath<SchemaTranslator, Set<NodeIdentity>>, _ work: () -> T) -> T? {
        let identity = node.identity
        guard self[keyPath: inProgress].insert(identity).inserted else { return nil }
        let result = work()
        self[keyPath: inProgress].remove(identity)
        return result
    }

    /// A schema that is no model of its own: a built-in type, an array, a dictionary or a composition of one type.
    private func inlineType(_ schema: DocumentNode, name: String) -> SchemaType {
        if let parts = schema["allOf"]?.items, let first = parts.first {
            // No part is an object (or the shape would be .object): the first part says what the value is.
            return type(first, name: name)
        }
        if let variants = alternatives(schema) {
            if variants.count == 1 { return type(variants[0], name: name) }
            let types = variants.map { type($0, name: name) }
            if types.allSatisfy({ $0 == .type(.string) || isStringEnum($0) }) { return .type(.string) }
            let keyword = schema["oneOf"] != nil ? "oneOf" : "anyOf"
            return .unsupported("a '\(keyword)' of \(variants.map(describe).joined(separator: ", "))")
        }
        switch typeNames(schema) {
        case []:
            if schema["items"] != nil || schema["prefixItems"] != nil { return arrayType(schema, name: name) }
            if schema["properties"] != nil || schema["additionalProperties"] != nil || schema["patternProperties"] != nil {
                return dictionaryType(schema, name: name)
            }
            // `const: 42` says the type by its value.
            if let constant = schema.node["const"], let type = Self.scalarType(of: constant.resolved) { return .type(type) }
            // No type, no properties, no items: any JSON value, which `JSON` holds as it is.
            return .type(.json)
        case ["string"]: return .type(stringType(schema))
        case ["integer"]:
            switch schema.text("format") {
            case "int32": return .type(.int32)
            case "int64": return .type(.int64)
            default: return .type(.int)
            }
        case ["number"]:
            // `decimal` (the OpenAPI format registry: a fixed-point number of any precision) keeps every digit.
            switch schema.text("format") {
            case "float": return .type(.float)
            case "decimal": return .type(.decimal)
            default: return .type(.double)
            }
        case ["boolean"]: return .type(.bool)
        case ["array"]: return arrayType(schema, name: name)
        case ["object"]: return dictionaryType(schema, name: name)
        case let several where several.count > 1: return .unsupported("a value of several types (\(several.joined(separator: ", ")))")
        default: return .unsupported("a schema of the unknown type '\(typeNames(schema).joined())'")
        }
    }

    /// The type of a scalar value: `Int` for `42`, `Double` for `1.5`, `Bool`, `String`; `nil` for `null`, arrays and objects.
    private static func scalarType(of value: YAMLValue) -> TypeRef? {
        switch value {
        case .int: .int
        case .double: .double
        case .bool: .bool
        case .string: .string
        case .null, .array, .object: nil
        }
    }

    private func isStringEnum(_ type: SchemaType) -> Bool {
        guard case .type(.model(let name)) = type, case .enumeration(_, .string) = models[name]?.kind else { return false }
        return true
    }

    private func stringType(_ schema: DocumentNode) -> TypeRef {
        if schema.text("contentEncoding") == "base64" { return .data }
        switch schema.text("format") {
        case "date-time": return .date
        case "uuid": return .uuid
        case "uri", "url": return .url
        case "byte", "binary": return .data
        default: return schema.text("contentEncoding") == "binary" ? .data : .string
        }
    }

    private func arrayType(_ schema: DocumentNode, name: String) -> SchemaType {
        if let prefix = schema["prefixItems"]?.items { return tupleType(schema, prefix: prefix, name: name) }
        guard let items = schema["items"] else { return .unsupported("an array without 'items'") }
        switch type(items, name: name + "Item") {
        case .type(let element): return .type(.array(element))
        case .unsupported(let reason): return .unsupported("an array of \(reason.droppingArticle)")
        }
    }

    /// A tuple (OpenAPI 3.1's `prefixItems`, with `items` for the elements after them): an array of the one type every
    /// position has, else any JSON value, which keeps every element as it is.
    private func tupleType(_ schema: DocumentNode, prefix: [DocumentNode], name: String) -> SchemaType {
        let rest = schema["items"].flatMap { $0.node.isBool(false) ? nil : $0 }
        let types = (prefix + (rest.map { [$0] } ?? [])).map { type($0, name: name + "Item") }
        if case .type(let element)? = types.first, types.allSatisfy({ $0 == .type(element) }) { return .type(.array(element)) }
        return .unsupported("a tuple ('prefixItems') whose positions have different types")
    }

    /// The `type` keyword as a list without `null`: `type: [string, null]` (OpenAPI 3.1) is `["string"]`.
    func typeNames(_ schema: DocumentNode) -> [String] {
        guard let node = schema.node["type"] else { return [] }
        if let text = node.text { return text == "null" ? [] : [text] }
        return (node.sequence ?? []).compactMap(\.text).filter { $0 != "null" }
    }

    /// `nullable: true` (3.0), `null` among the types (3.1), or a `null` alternative of `oneOf`/`anyOf`.
    private func isNullable(_ schema: DocumentNode) -> Bool {
        if schema.flag("nullable") { return true }
        if let parts = schema["allOf"]?.items, parts.contains(where: isNullPart) { return true }
        if let types = schema.node["type"]?.sequence, types.contains(where: { $0.text == "null" }) { return true }
        let variants = (schema["oneOf"] ?? schema["anyOf"])?.items ?? []
        return variants.contains(where: isNullSchema)
    }

    private func isNullSchema(_ schema: DocumentNode) -> Bool {
        schema.text("type") == "null" || (schema.node["enum"]?.sequence.map { $0.count == 1 && $0[0].isNull } ?? false)
    }

    /// The alternatives of `oneOf`/`anyOf` without the `null` one and Stripe-style `enum: [""]` ones
    /// (warned about: the empty string cannot be sent); `nil` when the schema has neither keyword.
    private func alternatives(_ schema: DocumentNode) -> [DocumentNode]? {
        guard let keyword = ["oneOf", "anyOf"].first(where: { schema[$0] != nil }), let all = schema[keyword]?.items else { return nil }
        let nonNull = all.filter { !isNullSchema($0) }
        let variants = nonNull.filter { !isEmptyStringEnum($0) }
        if variants.count < nonNull.count, !variants.isEmpty {
            diagnostics.warning("the '\(keyword)' alternative that allows only the empty string is not supported; the value is generated without it, so the empty string cannot be sent", at: schema.location)
        }
        return variants.isEmpty ? nonNull : variants
    }

    private func isEmptyStringEnum(_ schema: DocumentNode) -> Bool {
        schema.node["enum"]?.sequence.map { $0.count == 1 && $0[0].text == "" && !$0[0].isNull } ?? false
    }

    /// A short description of an alternative for messages, e.g. `'Pet'`, `a string`, `an object`.
    func describe(_ schema: DocumentNode) -> String {
        if let reference = schema.reference { return "'\(reference.split(separator: "/").last.map(String.init) ?? reference)'" }
        switch typeNames(schema).first ?? (schema["properties"] != nil ? "object" : "") {
        case "": return "a schema without a type"
        case let type: return (["array", "integer", "object"].contains(type) ? "an " : "a ") + type
        }
    }

    // MARK: Shapes

    /// What a schema becomes; references are followed.
    func shape(_ schema: DocumentNode) -> SchemaShape {
        let node = dereferenced(schema)
        if let known = shapes[node.identity] { return known }
        let result = guarded(node, in: \.shapesInProgress) { computeShape(node) } ?? .other
        shapes[node.identity] = result
        return result
    }

    private func computeShape(_ schema: DocumentNode) -> SchemaShape {
        if let wrapped = wrappedSchema(schema) { return shape(wrapped) }
        if let parts = schema["allOf"]?.items {
            return parts.contains { if case .object = shape($0) { true } else { false } } || schema["properties"] != nil ? .object : .other
        }
        if let variants = alternatives(schema) {
            guard variants.count > 1 else { return .other }
            // Strings and string enums alone are one `String` (see `inlineType`): an open enum holds any string anyway.
            if variants.allSatisfy(isStringLike) { return .other }
            return variants.allSatisfy(canBeAlternative) ? .union(variants) : .other
        }
        if schema["enum"] != nil, let rawType = enumRawType(schema) {
            return enumValues(schema, rawType: rawType).isEmpty ? .other : .enumeration
        }
        if schema["properties"]?.node.mapping != nil, typeNames(schema).allSatisfy({ $0 == "object" }) { return .object }
        return .other
    }

    /// Whether a `oneOf`/`anyOf` alternative can be a case of a `oneOf` model: an object, a union or a string
    /// enumeration (models), a scalar (a built-in type), or an array of any of these (`[string]`, `[[integer]]`).
    /// Maps and untyped values cannot.
    private func canBeAlternative(_ variant: DocumentNode) -> Bool {
        switch shape(variant) {
        case .object, .union, .enumeration: true
        case .other: isScalar(dereferenced(variant)) || isArrayAlternative(dereferenced(variant))
        }
    }

    /// A schema of one scalar type (string, integer, number or boolean, any format) and no composition.
    func isScalar(_ schema: DocumentNode) -> Bool {
        guard schema["allOf"] == nil, schema["oneOf"] == nil, schema["anyOf"] == nil else { return false }
        return [["string"], ["integer"], ["number"], ["boolean"]].contains(typeNames(schema))
    }

    /// A string enumeration, or a scalar string that stays a `String` (no format that makes it a `Date`, `UUID`...).
    private func isStringLike(_ variant: DocumentNode) -> Bool {
        let schema = dereferenced(variant)
        if case .enumeration = shape(variant) { return enumRawType(schema) == .string }
        return isScalar(schema) && typeNames(schema) == ["string"] && stringType(schema) == .string
    }

    /// The schema a chain of references ends at (the schema itself when it is none); stops after 32 hops.
    func dereferenced(_ schema: DocumentNode) -> DocumentNode {
        var current = schema
        for _ in 0..<32 {
            guard let reference = current.reference, let (target, _) = documents.resolve(reference, from: current) else { return current }
            current = target
        }
        return current
    }

    /// The `$ref` of `node` when following it leads nowhere (the resolver has said why, at the reference), so that what
    /// uses it says what becomes of it; `nil` when `node` is no reference or resolves.
    func unresolvedReference(_ node: DocumentNode) -> String? {
        node.reference == nil ? nil : dereferenced(node).reference
    }

    // MARK: Models

    /// The name of the model built for a schema whose shape is a model, building it on first use.
    ///
    /// An inline model identical to an earlier inline one (Stripe repeats the same inline enum in many
    /// operations) is that one: fewer types to generate and compile.
    func model(for schema: DocumentNode, name: String, inline: Bool) -> String {
        if let known = modelNames[schema.identity] { return known }
        if inline, case .union(let variants) = shape(schema) {
            // The referenced alternatives first, so that a component keeps its own name over an inline union named
            // after the property that holds it (Stripe's `subscription.schedule`: `SubscriptionSchedule` is the
            // component, the union of its id and it is `SubscriptionSchedule2`).
            for variant in variants where variant.reference != nil { _ = type(variant, name: "") }
            if let known = modelNames[schema.identity] { return known }
        }
        let typeName = modelTypeName(name, at: schema.location)
        let claimed = names.claim(typeName)
        modelNames[schema.identity] = claimed
        let description = schema.text("description") ?? schema.text("title")
        let kind: Model.Kind
        var additional: TypeRef?
        switch shape(schema) {
        case .enumeration:
            let rawType = enumRawType(schema) ?? .string
            kind = .enumeration(enumCases(schema, model: claimed, rawType: rawType), rawType: rawType)
        case .union(let variants): kind = unionKind(schema, variants: variants, model: claimed)
        case .object, .other:
            kind = .object(objectProperties(schema, model: claimed))
            additional = additionalMembers(schema, model: claimed)
        }
        if inline {
            let key = Self.structure(kind, additional: additional, description: description)
            if let earlier = inlineModels[key] {
                modelNames[schema.identity] = earlier
                return earlier
            }
            inlineModels[key] = claimed
        }
        // Only now: an inline model merged into an identical earlier one (the same titled alternative of several
        // unions, say) keeps that one's name, so its own clash does not matter.
        if claimed != typeName, !name.isEmpty {
            diagnostics.warning("the schema '\(name)' becomes the Swift name '\(typeName)', which another schema has; it is generated as '\(claimed)'", at: schema.location)
        }
        // Deprecated when a component is: an inline schema's flag marks the property that holds it.
        models[claimed] = Model(
            name: claimed, kind: kind, description: description, location: schema.location, additionalProperties: additional,
            deprecated: !inline && schema.flag("deprecated"))
        if inline { inlineModelNames.insert(claimed) }
        return claimed
    }

    /// The Swift type name for a schema's name: a reserved one (a built-in type or keyword) gets `Model` appended.
    func modelTypeName(_ name: String, at location: SourceLocation) -> String {
        let typeName = SwiftName.type(name)
        guard Self.reservedTypeNames.contains(typeName) else { return typeName }
        diagnostics.warning("the schema name '\(name)' is reserved (a built-in type or Swift keyword); it is generated as '\(typeName)Model'", at: location)
        return typeName + "Model"
    }

    /// The model already built for the schema a reference leads to, if any.
    func builtModel(_ reference: String, from node: DocumentNode) -> String? {
        guard let (target, _) = documents.resolve(reference, from: node) else { return nil }
        return modelNames[dereferenced(target).identity]
    }

    /// What makes two models the same type, locations aside.
    private static func structure(_ kind: Model.Kind, additional: TypeRef?, description: String?) -> String {
        var key = (description ?? "") + "\u{1}\(String(describing: additional))"
        switch kind {
        case .enumeration(let cases, let rawType):
            key += "\u{1}enum\u{1}\(rawType)" + cases.map { "\u{1}" + $0.value }.joined()
        case .object(let properties):
            key += "\u{1}object" + properties.map { property in
                "\u{1}\(property.name)\u{2}\(property.wireName)\u{2}\(property.type)\u{2}\(String(describing: property.defaultValue))"
                    + "\u{2}\(property.description ?? "")\u{2}\(String(describing: property.xml))\u{2}\(property.null)\u{2}\(property.deprecated)"
            }.joined()
        case .oneOf(let oneOf):
            key += "\u{1}oneOf\u{1}\(oneOf.discriminator ?? "")" + oneOf.alternatives.map { "\u{1}\($0.type)" }.joined()
                + oneOf.mapping.map { "\u{1}\($0.value)\u{2}\($0.model)" }.joined()
        }
        return key
    }

    /// A property's or parameter's own description, else that of the schema it refers to.
    func dereferencedDescription(_ schema: DocumentNode) -> String? {
        if let own = schema.text("description") { return own }
        if let wrapped = wrappedSchema(schema) { return dereferencedDescription(wrapped) }
        return schema.reference != nil ? dereferenced(schema).text("description") : nil
    }

    /// The schema's `default` when it fits `type`; a default that does not is left out with a warning.
    func defaultValue(_ schema: DocumentNode, type: TypeRef, context: String) -> SpecValue? {
        guard let node = dereferenced(schema).node["default"] else { return nil }
        let value = SpecValue(node.resolved)
        if value == .null, !type.isOptional { return nil }
        guard value.fits(type, models: models) else {
            if !misfitDefaults.contains(where: { $0.location == node.location }) { misfitDefaults.append((node.location, context, type)) }
            return nil
        }
        return value
    }

    /// One warning for all the defaults that do not fit their types, at the first of them.
    func reportMisfitDefaults() {
        guard let first = misfitDefaults.min(by: { $0.location < $1.location }) else { return }
        let others = misfitDefaults.count - 1
        let more = others == 0 ? "" : ", and so are \(others) other default\(others == 1 ? "" : "s") of this document that do not fit theirs"
        diagnostics.warning("the default of \(first.context) does not fit its type '\(first.type)'; it is left out\(more)", at: first.location)
    }
}

extension String {
    /// The reason without its leading article, to follow "an array of": `a string` becomes `string`.
    var droppingArticle: String {
        if hasPrefix("a ") { return String(dropFirst(2)) }
        if hasPrefix("an ") { return String(dropFirst(3)) }
        return self
    }
}
