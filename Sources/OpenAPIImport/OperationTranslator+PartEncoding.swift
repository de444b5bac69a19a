import EndpointSpec

extension OperationTranslator {
    /// What a multipart body's `encoding` entry says of one part: the media type a file part is sent with
    /// (`contentType`; the first of a list, unless it is a range such as `image/*`, which cannot be sent), and the part's
    /// own headers (`headers`), each a header parameter sent in that part (`part:` in the spec). `Content-Type` among
    /// them is left out: OpenAPI has the part's media type come from `contentType`.
    func partEncoding(_ encoding: DocumentNode?, of part: inout Parameter, names: inout UniqueNames, context: OperationContext) -> [Parameter] {
        guard let encoding else { return [] }
        if part.type.unwrapped == .data, let listed = encoding.text("contentType") {
            let first = listed.split(separator: ",").first.map { String($0).filter { !$0.isWhitespace } } ?? ""
            if first.split(separator: "/").count == 2, !first.contains("*") { part.contentType = first }
        }
        var headers: [Parameter] = []
        for (name, header) in encoding["headers"]?.members.map({ ($0.key, $0.value) }) ?? [] where name.lowercased() != "content-type" {
            let described = "the header '\(name)' of the part '\(part.wireName)' of \(context)"
            let type: TypeRef
            switch parameterType(header, name: name, context: context) {
            case .text(let text): type = text
            case .structured(let structured):
                diagnostics.warning("\(described) has the type '\(structured)', which a part's header cannot carry; it is generated as a String", at: header.location)
                type = .string
            case .unsupported(let reason):
                diagnostics.warning("\(described) is \(reason), which EndpointGen cannot type; it is generated as a String", at: header.location)
                type = .string
            }
            var parameter = parameter(
                header, wireName: name, type: header.flag("required") ? type : Self.optional(type), placement: .header, names: &names, context: context)
            parameter.part = part.name
            headers.append(parameter)
        }
        return headers
    }
}
