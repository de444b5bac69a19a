import Diagnostics
import EndpointSpec
import Foundation
import YAML

// The document's own examples correct what its schemas say: Twilio declares `price` a number and sends `"-0.0025"`,
// declares `sms_fallback_url` a URI and sends `""`, leaves out or nulls members it calls required. A generated type
// that rejects the API's own example would reject the API's responses, so the member is widened to what the example
// holds (a `String`, an optional), with a warning at the member naming the example.

/// Where an example's value does not fit its type, and the type that would take it.
struct ExampleMisfit {
    var model: String
    var wireName: String
    var widened: TypeRef
    var reason: String
    var example: SourceLocation
}

extension SchemaTranslator {
    /// Widens the members of the models that the examples of the imported operations show to be narrower than what
    /// the API sends.
    func widenToExamples(paths: DocumentNode, options: ImportOptions) {
        var collector = ExampleCollector(schemas: self, kept: Set(models.keys))
        collector.collect(paths: paths, options: options)
        let found = collector.examples.flatMap { misfits($0.value, $0.type, at: $0.location) }
        for misfit in found {
            guard case .object(var properties)? = models[misfit.model]?.kind,
                let index = properties.firstIndex(where: { $0.wireName == misfit.wireName }),
                properties[index].type != misfit.widened
            else { continue }
            properties[index].type = misfit.widened
            properties[index].defaultValue = properties[index].defaultValue.flatMap { $0.fits(misfit.widened, models: models) ? $0 : nil }
            models[misfit.model]?.kind = .object(properties)
            diagnostics.warning(
                "property '\(misfit.wireName)' of '\(misfit.model)' \(misfit.reason) in the document's example at \(misfit.example.line):\(misfit.example.column); it is typed '\(misfit.widened)' so that the API's own data decodes",
                at: properties[index].location)
        }
    }

    /// The members of models inside `type` whose values in `value` the generated decoding would reject.
    private func misfits(_ value: SpecValue, _ type: TypeRef, at location: SourceLocation) -> [ExampleMisfit] {
        switch (type, value) {
        case (.optional(let wrapped), _): return value == .null ? [] : misfits(value, wrapped, at: location)
        case (.array(let element), .array(let items)): return items.flatMap { misfits($0, element, at: location) }
        case (.dictionary(let element), .object(let members)): return members.flatMap { misfits($0.value, element, at: location) }
        case (.model(let name), .object(let members)):
            guard case .object(let properties)? = models[name]?.kind else { return [] }
            return properties.flatMap { property -> [ExampleMisfit] in
                guard let member = members.first(where: { $0.key == property.wireName }) else {
                    guard !property.type.isOptional, property.defaultValue == nil else { return [] }
                    return [ExampleMisfit(model: name, wireName: property.wireName, widened: .optional(property.type), reason: "is required but missing", example: location)]
                }
                if member.value == .null, !property.type.isOptional {
                    return [ExampleMisfit(model: name, wireName: property.wireName, widened: .optional(property.type), reason: "is not nullable but null", example: location)]
                }
                if case .string(let text) = member.value, let scalar = Self.scalarName(property.type.unwrapped), !Self.text(text, fits: property.type.unwrapped) {
                    let widened: TypeRef = property.type.isOptional ? .optional(.string) : .string
                    return [ExampleMisfit(model: name, wireName: property.wireName, widened: widened, reason: "is declared \(scalar) but is the string '\(text.prefix(40))'", example: location)]
                }
                return misfits(member.value, property.type, at: location)
            }
        default: return []
        }
    }

    /// What the generated type is called in a message, for the scalar types whose values a string can fail to be.
    static func scalarName(_ type: TypeRef) -> String? {
        switch type {
        case .int, .int32, .int64: "an integer"
        case .double, .float, .decimal: "a number"
        case .bool: "a boolean"
        case .date: "a date-time"
        case .url: "a URI"
        case .uuid: "a UUID"
        default: nil
        }
    }

    /// Whether a JSON string decodes as `type`: only `Date`, `URL`, `UUID` and `Data` take strings, and only some.
    static func text(_ text: String, fits type: TypeRef) -> Bool {
        switch type {
        case .date: SpecValue.date(fromDefault: text) != nil  // the forms the runtime's decoder reads
        case .url: URL(string: text) != nil
        case .uuid: UUID(uuidString: text) != nil
        case .int, .int32, .int64, .double, .float, .decimal, .bool: false
        default: true
        }
    }
}

extension SchemaTranslator {
    /// A parameter's type, widened to `String` when one of its own examples (text as it is sent) is no value of that
    /// type: Twilio's `StartTime` is a `date-time` whose examples are dates (`2008-01-02`), as its description asks.
    /// `context` names the parameter in the warning; `nil` gives the type without one (the operation reported it).
    func parameterType(_ type: TypeRef, widenedFor parameter: DocumentNode, context: String?) -> TypeRef {
        guard let scalar = Self.scalarName(type.unwrapped) else { return type }
        for example in exampleValues(of: parameter) {
            guard case .string(let text) = example.node.resolved, !Self.text(text, sentAs: type.unwrapped) else { continue }
            if let context {
                diagnostics.warning(
                    "\(context) is declared \(scalar) but its example '\(text.prefix(40))' is not one; it is generated as a String, sent as written",
                    at: example.location)
            }
            return type.isOptional ? .optional(.string) : .string
        }
        return type
    }

    /// Whether parameter text reads as a value of `type` (`12` as an integer, `true` as a boolean).
    static func text(_ text: String, sentAs type: TypeRef) -> Bool {
        switch type {
        case .int, .int32, .int64: Int(text) != nil
        case .double, .float: Double(text) != nil
        case .decimal: Decimal(string: text) != nil
        case .bool: text == "true" || text == "false"
        default: Self.text(text, fits: type)
        }
    }

    /// The `example` and the `value`s of the `examples` of a parameter, header or media type, `$ref`s followed.
    func exampleValues(of node: DocumentNode) -> [DocumentNode] {
        var found: [DocumentNode] = []
        if let example = node["example"] { found.append(example) }
        for (_, _, written) in node["examples"]?.members ?? [] {
            if let value = dereferenced(written)["value"] { found.append(value) }
        }
        return found
    }
}
