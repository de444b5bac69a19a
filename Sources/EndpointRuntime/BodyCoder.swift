import Foundation

/// Turns bodies of some media types into values and back: JSON is built in (`JSONBodyCoder`), `XMLBodyCoder` reads
/// and writes XML, and a coder of your own (Protocol Buffers, MessagePack, ...) plugs in the same way through
/// `ClientConfiguration.bodyCoders`.
///
/// A response body is decoded by the first coder that handles its `Content-Type`, an error response's message is
/// read by it, and a `RequestBody.encoded(_:mediaType:)` body is encoded by the coder that handles its media type.
public protocol BodyCoder: Sendable {
    /// The media types this coder reads and writes, lowercased, without parameters, e.g. `["application/xml"]`;
    /// the first is the `Content-Type` of the bodies it encodes.
    var mediaTypes: [String] { get }

    /// Whether this coder reads and writes `mediaType` (lowercased, without parameters); by default, whether it is
    /// one of `mediaTypes`.
    func handles(mediaType: String) -> Bool

    /// The bytes of `value`.
    func encode(_ value: any Encodable) throws -> Data

    /// The value of type `type` that `data` holds; a `DecodingError` says where it did not fit.
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T

    /// The text at the first of `fields` (keys or dotted paths, the spec's `errors.messageField`) that holds one
    /// in an error body, or `nil` when none does or the body is not of this coder's format.
    func errorMessage(in body: Data, fields: [String]) -> String?
}

extension BodyCoder {
    /// Whether `mediaType` is one of `mediaTypes`.
    public func handles(mediaType: String) -> Bool { mediaTypes.contains(mediaType) }
}

/// JSON bodies (`application/json` and every `+json` type), with a date format: the client's built-in coder.
public struct JSONBodyCoder: BodyCoder {
    /// `application/json`.
    public let mediaTypes = ["application/json"]
    let encoder: JSONEncoder
    let decoder: JSONDecoder

    /// A JSON coder writing and reading dates as `dateCoding` says.
    public init(dateCoding: DateCoding = .iso8601) {
        encoder = dateCoding.makeEncoder()
        decoder = dateCoding.makeDecoder()
    }

    /// `application/json`, and structured-syntax types such as `application/merge-patch+json`.
    public func handles(mediaType: String) -> Bool { Self.isJSON(mediaType) }

    /// Whether a lowercased media type without parameters is JSON.
    static func isJSON(_ mediaType: String) -> Bool {
        mediaType == "application/json" || mediaType.hasSuffix("+json") || mediaType == "text/json"
    }

    /// The JSON of `value`.
    public func encode(_ value: any Encodable) throws -> Data { try encoder.encode(value) }

    /// The value `data` holds as JSON.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { try decoder.decode(type, from: data) }

    /// The non-empty string at the first of `fields` (keys or dotted paths into nested objects).
    public func errorMessage(in body: Data, fields: [String]) -> String? {
        guard let root = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else { return nil }
        return Self.message(at: fields, in: root)
    }

    /// The non-empty string at the first of `fields` in a parsed JSON value (`JSONSerialization`'s).
    static func message(at fields: [String], in root: Any) -> String? {
        fields.lazy.compactMap { text(at: $0, in: root) }.first
    }

    /// The non-empty string at a dotted path of a JSON value, if there is one.
    private static func text(at path: String, in root: Any) -> String? {
        var value = root
        for key in path.split(separator: ".") {
            guard let object = value as? [String: Any], let inner = object[String(key)] else { return nil }
            value = inner
        }
        return (value as? String).flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension [any BodyCoder] {
    /// The first coder that handles the media type of `contentType` (a `Content-Type` value), if any.
    func coder(for contentType: String?) -> (any BodyCoder)? {
        guard !isEmpty, let contentType else { return nil }
        let mediaType = ResponseDecoder.mediaType(of: contentType)
        return first { $0.handles(mediaType: mediaType) }
    }
}
