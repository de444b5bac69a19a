import EndpointSpec

/// The arguments after a query item's or form field's value: `, style: .deepObject` for a structured value, none for a
/// value sent as its text.
func styleArgument(_ parameter: Parameter) -> String {
    guard let style = parameter.style else { return "" }
    let expression = switch style {
    case .deepObject: ".deepObject"
    case .form(let explode): ".form(explode: \(explode))"
    case .spaceDelimited: ".spaceDelimited"
    case .pipeDelimited: ".pipeDelimited"
    }
    return ", style: " + expression
}
