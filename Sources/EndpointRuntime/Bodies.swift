// EndpointRuntime: request bodies, body coders, response envelopes and open string values.

import Foundation

// MARK: - RequestBody

/// The body of a request.
public enum RequestBody: Sendable {
    /// A Codable value sent as `application/json`, using the client's date format.
    case json(any Encodable & Sendable)
    /// Fields sent as `application/x-www-form-urlencoded`.
    case form([FormField])
    /// Parts sent as `multipart/form-data`.
    case multipart([MultipartPart])
    /// Raw bytes with their content type.
    case data(Data, contentType: String)
    /// The bytes of a file with their content type, read as they are sent (a large file is never in memory), e.g.
    /// `.file(movieURL, contentType: "video/mp4")`. Sent with its `Content-Length`; a file that cannot be read is `.invalidRequest`.
    case file(URL, contentType: String)
    /// A Codable value encoded by the coder that handles `mediaType` (`ClientConfiguration.bodyCoders`, JSON built in),
    /// sent with that media type, e.g. `.encoded(configuration, mediaType: "application/xml")`.
    case encoded(any Encodable & Sendable, mediaType: String)
}

// MARK: - FormField

/// A field of an `application/x-www-form-urlencoded` body; arrays repeat the name.
public struct FormField: Sendable, Equatable {
    /// The field name.
    public let name: String
    /// The text forms of the value.
    public let values: [String]
    /// The pairs of a structured value (`init(_:_:style:)`), sent instead of `name=value` for each of `values`.
    public let structuredPairs: [ParameterPair]?
    /// Why a structured value could not be written (its `encode(to:)` threw); building the request throws it as
    /// `.invalidRequest`.
    public let encodingFailure: String?

    /// A field from its name and any parameter value.
    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
        self.structuredPairs = nil
        self.encodingFailure = nil
    }

    /// A field holding a structured value written in `style`: `FormField("metadata", ["k": "v"], style: .deepObject)`
    /// sends `metadata[k]=v`, and `FormField("items", [Item(price: "p_1")], style: .deepObject)` `items[0][price]=p_1`.
    public init(_ name: String, _ value: some Encodable, style: ParameterStyle) {
        self.name = name
        self.values = []
        let encoded = StructuredParameterEncoder.pairsOrFailure(name, value, style: style, what: "form field")
        structuredPairs = encoded.pairs
        encodingFailure = encoded.failure
    }

    /// The names and values this field sends, before percent-encoding.
    public var pairs: [ParameterPair] {
        structuredPairs ?? values.map { ParameterPair(name, $0) }
    }

    /// A field per entry of a map, named by its key, in the keys' order: the fields of a form that are named when
    /// the request is made (a `flat` parameter), e.g. `FormField.fields(["color": "red"])`.
    public static func fields(_ members: [String: some ParameterValue]) -> [FormField] {
        members.sorted { $0.key < $1.key }.map { FormField($0.key, $0.value) }
    }
}

// MARK: - MultipartPart

/// A part of a `multipart/form-data` body: a plain field or a file.
public struct MultipartPart: Sendable, Equatable {
    /// The form field name.
    public var name: String
    /// The file name for a file part, else `nil`.
    public var filename: String?
    /// The part's content type, e.g. `image/png`; `nil` for a plain field.
    public var contentType: String?
    /// The part's own headers beside `Content-Disposition` and `Content-Type`, e.g. `HeaderField("Content-MD5", md5)`
    /// (a `nil` value sends none).
    public var headers: [HeaderField]
    /// The part's bytes.
    public var data: Data

    /// A file part, e.g. `MultipartPart(name: "avatar", filename: "me.png", contentType: "image/png", data: png)`.
    public init(name: String, filename: String? = nil, contentType: String? = nil, headers: [HeaderField] = [], data: Data) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.headers = headers
        self.data = data
    }

    /// A text field, e.g. `MultipartPart(name: "title", value: "Holiday")`.
    public init(name: String, value: String, headers: [HeaderField] = []) {
        self.init(name: name, headers: headers, data: Data(value.utf8))
    }

    /// Text parts for a parameter value: one per value (none for `nil`, several for an array), each with `headers`,
    /// e.g. `MultipartPart.fields("tags", ["a", "b"])`.
    public static func fields(_ name: String, _ value: some ParameterValue, headers: [HeaderField] = []) -> [MultipartPart] {
        value.parameterValues.map { MultipartPart(name: name, value: $0, headers: headers) }
    }

    /// A file part, or none for `nil`, with the file name, content type and headers the spec gives it (by default the
    /// field name, `application/octet-stream` and none), e.g.
    /// `MultipartPart.files("photo", jpeg, filename: "photo.jpg", contentType: "image/jpeg")`.
    public static func files(
        _ name: String, _ data: Data?, filename: String? = nil, contentType: String = "application/octet-stream", headers: [HeaderField] = []
    ) -> [MultipartPart] {
        data.map { [MultipartPart(name: name, filename: filename ?? name, contentType: contentType, headers: headers, data: $0)] } ?? []
    }

    /// Text parts named by a map's keys, in the keys' order: the parts of a body that are named when the request is
    /// made (a `flat` parameter), e.g. `MultipartPart.fields(["caption": "Holiday"])`.
    public static func fields(_ members: [String: some ParameterValue]) -> [MultipartPart] {
        members.sorted { $0.key < $1.key }.flatMap { fields($0.key, $0.value) }
    }

    /// File parts named by a map's keys, in the keys' order, each with its key as file name.
    public static func files(_ members: [String: Data], contentType: String = "application/octet-stream") -> [MultipartPart] {
        members.sorted { $0.key < $1.key }.flatMap { files($0.key, $0.value, contentType: contentType) }
    }
}

// MARK: - BodyCoder

/// Turns bodies of some media types into values and back: JSON is built in (`JSONBodyCoder`), `XMLBodyCoder` reads
/// and writes XML, and a coder of your own (Protocol Buffers, MessagePack, ...) plugs in the same way through
/// `ClientConfiguration.bodyCoders`.
///
/// A response body is decoded by the first coder that handles its `Content-Type`, an error response's message is
/// read by it, and a `RequestBody.encoded(_:mediaType:)` body is encoded by the coder that handles its media type.
public protocol BodyCoder: Sendable {
    /// The media types this coder reads and writes, lowercased, without parameters, e.g. `["application/xml"]`. A
    /// body it encodes is sent with the media type the request names (`RequestBody.encoded(_:mediaType:)`).
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

/// JSON bodies (`application/json` and every `+json` type), with a date format, as a `BodyCoder`: they are read and
/// written as the client's own JSON handling does (which uses its `JSONEncoder` and `JSONDecoder` directly).
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
    public func encode(_ value: any Encodable) throws -> Data { try encoder.encodeBody(value) }

    /// The value `data` holds as JSON.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { try decoder.decode(type, from: data) }

    /// The non-empty string at the first of `fields` (keys or dotted paths into nested objects).
    public func errorMessage(in body: Data, fields: [String]) -> String? {
        guard let root = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else { return nil }
        return Self.message(at: fields, in: root)
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

// MARK: - Envelope

/// Decodes a value from a member of a JSON object (`{"data": {...}}` with the path `data`), for `Request.unwrap`.
///
/// The path reaches `init(from:)` through `userInfo` of a decoder made for the call: the client's shared
/// `JSONDecoder` is not changed, so concurrent calls with other paths cannot see each other's.
struct Envelope<Value: Decodable>: Decodable {
    var value: Value

    private static var pathKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "EndpointRuntime.envelopePath")! }

    /// The value at the key or dotted path `path` of `data`; a decoding error's path starts with the envelope's keys.
    static func decode(from data: Data, at path: String, with dateCoding: DateCoding) throws -> Value {
        let decoder = dateCoding.makeDecoder()
        decoder.userInfo[pathKey] = path.split(separator: ".").map(String.init)
        return try decoder.decode(Envelope.self, from: data).value
    }

    init(from decoder: any Decoder) throws {
        let keys = decoder.userInfo[Self.pathKey] as? [String] ?? []
        guard let last = keys.last else {
            value = try Value(from: decoder)
            return
        }
        var container = try decoder.container(keyedBy: MemberKey.self)
        for key in keys.dropLast() {
            container = try container.nestedContainer(keyedBy: MemberKey.self, forKey: MemberKey(key))
        }
        value = try container.decode(Value.self, forKey: MemberKey(last))
    }
}

/// Encodes a value as a member of a JSON object (`{"data": {...}}` with the path `data`), for `RequestBody.wrapped(in:)`.
struct JSONEnvelope: Encodable, Sendable {
    /// The keys from the outermost object in.
    var keys: [String]
    var value: any Encodable & Sendable

    func encode(to encoder: any Encoder) throws {
        guard let first = keys.first else { return try value.encode(to: encoder) }
        var container = encoder.container(keyedBy: MemberKey.self)
        try container.encode(JSONEnvelope(keys: Array(keys.dropFirst()), value: value), forKey: MemberKey(first))
    }
}

extension RequestBody {
    /// A JSON body sent as the member at the key or dotted path `path` of an object, e.g. `{"data": {...}}` for
    /// `data`; any other body as it is.
    public func wrapped(in path: String) -> RequestBody {
        guard case .json(let value) = self else { return self }
        return .json(JSONEnvelope(keys: path.split(separator: ".").map(String.init), value: value))
    }
}

/// A JSON object member's name.
private struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

// MARK: - OpenEnumValue

/// A value from an open set: the values a spec lists for an `enum` are the type's static members, and any other value
/// of the raw type decodes too and keeps its raw value.
///
/// Every generated enum type conforms (a string enum through ``OpenStringValue``; `type: Int` and other numbers
/// directly); its coding (a single value), equality and hashing (by `rawValue`) and `description` come from this
/// protocol's extension, so that each generated type holds only its values and the compiler builds these members once
/// here instead of once per type.
///
/// ```swift
/// let status = Status(rawValue: "archived")          // known or not
/// if status == .active { ... }                        // compares the raw values
/// Status.knownValues.map(\.rawValue)                  // the spec's values, in its order
/// let level = Level(rawValue: 30)                     // an integer enum: `enum: [0, 10, 20]`, `type: Int`
/// ```
public protocol OpenEnumValue: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible, ParameterValue
where RawValue: Codable & Sendable & Hashable & LosslessStringConvertible {
    /// Any value, known or not.
    init(rawValue: RawValue)

    /// The values the spec lists, in its order.
    static var knownValues: [Self] { get }
}

/// A string from an open set: a generated string enum (see ``OpenEnumValue``).
public protocol OpenStringValue: OpenEnumValue where RawValue == String {}

extension OpenEnumValue {
    /// Decodes any value of the raw type.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(RawValue.self))
    }

    /// Encodes the raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw value's text.
    public var description: String { rawValue.description }

    /// Two values are equal when their raw values are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the raw value.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
