import EndpointSpec
import Mustache

/// How a client method reads a streamed response (`response: bytes`, `{ events: T }`, `{ jsonLines: T }`): what it
/// returns, the arguments it adds to the method, and what it passes to `EndpointClient.send`/`response(for:)` after
/// the request, which picks the runtime's streaming overload.
struct StreamedCall {
    /// What the method returns, e.g. `ServerSentEvents<ChatChunk>`.
    var returnType: String
    /// The arguments it adds, with their defaults, e.g. `lastEventID: String? = nil`.
    var parameters: [String]
    /// The same without defaults, for the protocol and the fake.
    var requirements: [String]
    /// Passing them on, e.g. `lastEventID: lastEventID`.
    var forwarding: [String]
    /// What `send` and `response(for:)` get after the request, e.g. `, progress: progress, as: JSONLines<Row>.self`.
    var callArgument: String
    /// Argument labels a parameter of the spec must not take (it is renamed, as `progress` is).
    var reservedLabels: Set<String>
}

/// The call of an endpoint whose response is streamed, or `nil` for one read whole. `payload` is the Swift type of each
/// event's data or each line.
func streamedCall(_ stream: ResponseStream?, payload: String) -> StreamedCall? {
    let progress = "progress: (@Sendable (TransferProgress) -> Void)?"
    switch stream {
    case nil:
        return nil
    case .events:
        let type = "ServerSentEvents<\(payload)>"
        return StreamedCall(
            returnType: type,
            parameters: ["lastEventID: String? = nil", "reconnection: SSEReconnection? = nil"],
            requirements: ["lastEventID: String?", "reconnection: SSEReconnection?"],
            forwarding: ["lastEventID: lastEventID", "reconnection: reconnection"],
            callArgument: ", lastEventID: lastEventID, reconnection: reconnection, as: \(type).self",
            reservedLabels: ["lastEventID", "reconnection"])
    case .jsonLines, .bytes:
        let type = stream == .bytes ? "ResponseBodyStream" : "JSONLines<\(payload)>"
        return StreamedCall(
            returnType: type, parameters: [progress + " = nil"], requirements: [progress], forwarding: ["progress: progress"],
            callArgument: ", progress: progress, as: \(type).self", reservedLabels: [])
    }
}

/// The client's download method of an endpoint with a binary response (`Data` or `bytes`): the body goes to a file.
public struct DownloadContext: Codable, Equatable, Sendable {
    /// The method's parameters: the endpoint's, then `to destination: URL` and `progress`.
    public var signature: String
}

/// The client's upload-from-file method of an endpoint with a binary body: the file is read as it is sent.
public struct UploadFromFileContext: Codable, Equatable, Sendable {
    /// The method's parameters: the endpoint's with the body's replaced by `fromFile name: URL`, then `progress`.
    public var signature: String
    /// The request builder's arguments, with an empty body in place of the file's bytes.
    public var builderArguments: String
    /// The body that replaces it, e.g. `.file(content, contentType: "application/octet-stream")`.
    public var bodyExpression: String
}

/// The download method's context for an endpoint with a binary response read whole or as bytes; `nil` otherwise.
func translateDownload(_ endpoint: Endpoint, signature: [String]) -> DownloadContext? {
    guard endpoint.response == .data, endpoint.responseStream == nil || endpoint.responseStream == .bytes else { return nil }
    return DownloadContext(
        signature: (signature + ["to destination: URL", "progress: (@Sendable (TransferProgress) -> Void)? = nil"]).joined(separator: ", "))
}

/// The upload-from-file method's context for an endpoint whose body is one `Data` value (a whole value, or the
/// parameter of `body: binary`); `nil` otherwise. `bodyIndex` is the body's place among `parameters`.
func translateUploadFromFile(
    _ endpoint: Endpoint, parameters: [ParameterContext], signature: [String], bodyIndex: Int?, contentType: String
) -> UploadFromFileContext? {
    guard let bodyIndex, endpoint.responseStream == nil else { return nil }
    let body = parameters[bodyIndex]
    var fileSignature = signature
    fileSignature[bodyIndex] = "fromFile \(body.name): URL"
    let arguments = parameters.enumerated().map { index, parameter in
        let value = index == bodyIndex ? "Data()" : parameter.name
        return endpoint.bodyValue != nil && index == 0 ? value : "\(argumentLabel(parameter.name)): \(value)"
    }
    return UploadFromFileContext(
        signature: (fileSignature + ["progress: (@Sendable (TransferProgress) -> Void)? = nil"]).joined(separator: ", "),
        builderArguments: arguments.joined(separator: ", "),
        bodyExpression: ".file(\(body.name), contentType: \(contentType))")
}

extension DownloadContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map(["signature": signature.mustacheValue])
    }
}

extension UploadFromFileContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "signature": signature.mustacheValue,
            "builderArguments": builderArguments.mustacheValue,
            "bodyExpression": bodyExpression.mustacheValue,
        ])
    }
}
