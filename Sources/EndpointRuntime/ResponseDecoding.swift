// EndpointRuntime: What a transport returns and how a response becomes a value or an error.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - HTTPResponse

/// What a transport returns: the body and the response head.
public struct HTTPResponse: Sendable {
    /// The body bytes.
    public var data: Data
    /// The status line and headers.
    public var response: HTTPURLResponse
    /// The body as it arrives, for a success delivered as a stream (`ResponseDelivery.stream`); `data` is then empty.
    public var stream: ResponseBodyStream?
    /// The file holding the body, for a success delivered to a file (`ResponseDelivery.file`); `data` is then empty.
    public var file: URL?

    /// A response from its parts.
    public init(data: Data, response: HTTPURLResponse, stream: ResponseBodyStream? = nil, file: URL? = nil) {
        self.data = data
        self.response = response
        self.stream = stream
        self.file = file
    }

    /// The status code.
    public var statusCode: Int { response.statusCode }

    /// A header value, case-insensitively.
    public func header(_ name: String) -> String? { response.value(forHTTPHeaderField: name) }

    /// Every header as received, name to value.
    public var allHeaders: [String: String] {
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in response.allHeaderFields { headers[name] = value }
        return headers
    }
}

// MARK: - ResponseDecoder

/// Checks a response's status and content type and turns its body into the requested type.
struct ResponseDecoder: Sendable {
    let configuration: ClientConfiguration
    let decoder: JSONDecoder
    /// `configuration.acceptableContentTypes`, lowercased once rather than per response.
    private let acceptableMediaTypes: AcceptedMediaTypes

    init(configuration: ClientConfiguration, decoder: JSONDecoder) {
        self.configuration = configuration
        self.decoder = decoder
        acceptableMediaTypes = AcceptedMediaTypes(configuration.acceptableContentTypes)
    }

    /// Throws `.unacceptableStatus` with the server's message (or the fallback) when the status is outside `acceptable`.
    func validateStatus(_ response: HTTPResponse, acceptable: Range<Int>) throws(EndpointError) {
        guard !acceptable.contains(response.statusCode) else { return }
        throw .unacceptableStatus(statusCode: response.statusCode, message: serverMessage(in: response), body: response.data)
    }

    /// The body as `R`: `Empty` ignores it, `Data` and `String` take it raw, `MultipartBody` reads its parts, anything
    /// else is decoded by the configured body coder that handles its `Content-Type` (XML, say), else from JSON (from its
    /// member at the key or dotted path `unwrap`, when given: envelopes are JSON's).
    ///
    /// `accepted` is the request's own list of media types (the endpoint's `accept`): it replaces the configuration's
    /// and is checked for `Data` and `String` too, as the endpoint named what it takes.
    func decode<R: Decodable>(
        _ type: R.Type, from response: HTTPResponse, accepting accepted: AcceptedMediaTypes? = nil, unwrapping unwrap: String? = nil
    ) throws(EndpointError) -> R {
        // Types are compared first: the two casts failing for every decoded response cost more than the content-type check.
        if R.self == Empty.self, let empty = Empty() as? R { return empty }
        if let accepted { try checkContentType(response, against: accepted) }
        if R.self == Data.self, let data = response.data as? R { return data }
        if R.self == String.self {
            guard let text = String(data: response.data, encoding: .utf8) as? R else {
                throw decodingFailure(R.self, path: "", reason: "the body is not UTF-8 text", response)
            }
            return text
        }
        if R.self == MultipartBody.self {
            guard let body = MultipartBody(response.data, contentType: response.header("Content-Type")) as? R else {
                throw decodingFailure(R.self, path: "", reason: "the body is not multipart with the boundary its Content-Type names", response)
            }
            return body
        }
        if accepted == nil { try checkContentType(response, against: acceptableMediaTypes) }
        // Checked first: a header lookup is a case-insensitive search of the response's headers, wasted without coders.
        if !configuration.bodyCoders.isEmpty, let coder = configuration.bodyCoders.coder(for: response.header("Content-Type")) {
            return try decode(R.self, from: response, with: coder)
        }
        do {
            guard let unwrap else { return try decoder.decode(R.self, from: response.data) }
            return try Envelope<R>.decode(from: response.data, at: unwrap, with: configuration.dateCoding)
        } catch let error as DecodingError {
            let (path, reason) = Self.describe(error)
            throw decodingFailure(R.self, path: path, reason: reason, response)
        } catch {
            throw decodingFailure(R.self, path: "", reason: "\(error)", response)
        }
    }

    private func checkContentType(_ response: HTTPResponse, against accepted: AcceptedMediaTypes) throws(EndpointError) {
        guard !accepted.acceptsAny else { return }
        let contentType = response.header("Content-Type")
        guard accepted.accepts(contentType) else {
            throw .unacceptableContentType(contentType, statusCode: response.statusCode, body: response.data)
        }
    }

    /// The media type of a `Content-Type` value, lowercased, without parameters and blanks: `application/json` for
    /// `Application/JSON; charset=utf-8`. It runs on every response; on UTF-8 bytes it takes 0.4 µs against 2.1 µs
    /// for the same on `Character`s (release, measured apart), of the 19 µs a request costs in runtime-benchmark's
    /// stub-transport row.
    static func mediaType(of contentType: String) -> String {
        let bytes = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
        return String(decoding: bytes.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// The body as `R`, decoded by `coder`.
    private func decode<R: Decodable>(_ type: R.Type, from response: HTTPResponse, with coder: any BodyCoder) throws(EndpointError) -> R {
        do {
            return try coder.decode(R.self, from: response.data)
        } catch let error as DecodingError {
            let (path, reason) = Self.describe(error, notValid: nil)
            throw decodingFailure(R.self, path: path, reason: reason, response)
        } catch {
            throw decodingFailure(R.self, path: "", reason: "\(error)", response)
        }
    }

    private func decodingFailure<R>(_ type: R.Type, path: String, reason: String, _ response: HTTPResponse) -> EndpointError {
        .decodingFailed(type: String(describing: type), path: path, reason: reason, statusCode: response.statusCode, body: response.data)
    }

    /// The text at the first of `errorMessageFields` (keys or dotted paths) that holds one in the body, read by the
    /// configured coder of its `Content-Type` (XML, say), else as JSON; a body that is neither is its own message when
    /// it is short text (`messageWithoutField`); else the fallback.
    private func serverMessage(in response: HTTPResponse) -> String {
        let fields = configuration.errorMessageFields.isEmpty ? ClientConfiguration.commonErrorMessageFields : configuration.errorMessageFields
        if let coder = configuration.bodyCoders.coder(for: response.header("Content-Type")) {
            // A body the coder cannot read (plain text under an XML label) may still be a message.
            return coder.errorMessage(in: response.data, fields: fields) ?? messageWithoutField(in: response.data)
        }
        // Parsed once: whether it is JSON at all decides between the field and the short-text message.
        guard let root = try? JSONSerialization.jsonObject(with: response.data, options: [.fragmentsAllowed]) else {
            return messageWithoutField(in: response.data)
        }
        return JSONBodyCoder.message(at: fields, in: root) ?? configuration.fallbackErrorMessage
    }

    /// Where a decoding error happened (e.g. `items[2].name`) and what it was.
    /// `notValid` is the reason given for a body that does not parse at all; `nil` keeps the error's own.
    static func describe(_ error: DecodingError, notValid: String? = "the body is not valid JSON") -> (path: String, reason: String) {
        let context: DecodingError.Context
        let reason: String
        switch error {
        case .typeMismatch(let type, let ctx):
            (context, reason) = (ctx, "expected \(type)")
        case .valueNotFound(let type, let ctx):
            (context, reason) = (ctx, "expected \(type) but found null")
        case .keyNotFound(let key, let ctx):
            (context, reason) = (ctx, "missing key '\(key.stringValue)'")
        case .dataCorrupted(let ctx):
            (context, reason) = (ctx, ctx.codingPath.isEmpty ? notValid ?? ctx.debugDescription : ctx.debugDescription)
        @unknown default:
            return ("", "\(error)")
        }
        let path = context.codingPath.reduce(into: "") { path, key in
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return (path, reason)
    }
}

// MARK: - ResponseDecoder+TextMessage

extension ResponseDecoder {
    /// The longest error body (in UTF-8 bytes) whose text becomes the message: a longer one is a page or a dump, not a message.
    static let maximumTextMessageBytes = 512

    /// What an error response that is not JSON says: the body itself when it is
    /// short UTF-8 text that is not markup (a server's plain-text `file 'a.txt' does not exist`, even when it is labelled
    /// `application/json`), else the configured fallback.
    func messageWithoutField(in body: Data) -> String {
        Self.textMessage(in: body) ?? configuration.fallbackErrorMessage
    }

    /// `body` as a one-line message: control characters and bidirectional overrides removed (line breaks and
    /// tabs become spaces), blanks trimmed;
    /// `nil` when it is empty, longer than `maximumTextMessageBytes`, not UTF-8, or markup (it starts with `<`).
    static func textMessage(in body: Data) -> String? {
        guard !body.isEmpty, body.count <= maximumTextMessageBytes, let text = String(data: body, encoding: .utf8) else { return nil }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                scalars.append(" ")
            } else if scalar.properties.generalCategory != .control && !scalar.properties.isBidiControl {
                scalars.append(scalar)
            }
        }
        let message = String(scalars).trimmingCharacters(in: .whitespaces)
        guard !message.isEmpty, !message.hasPrefix("<") else { return nil }
        return message
    }
}
