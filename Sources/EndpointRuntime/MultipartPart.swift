import Foundation

/// A part of a `multipart/form-data` body: a plain field or a file.
public struct MultipartPart: Sendable, Equatable {
    /// The form field name.
    public var name: String
    /// The file name for a file part, else `nil`.
    public var filename: String?
    /// The part's content type, e.g. `image/png`; `nil` for a plain field.
    public var contentType: String?
    /// The part's bytes.
    public var data: Data

    /// A file part, e.g. `MultipartPart(name: "avatar", filename: "me.png", contentType: "image/png", data: png)`.
    public init(name: String, filename: String? = nil, contentType: String? = nil, data: Data) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }

    /// A text field, e.g. `MultipartPart(name: "title", value: "Holiday")`.
    public init(name: String, value: String) {
        self.init(name: name, data: Data(value.utf8))
    }

    /// Text parts for a parameter value: one per value (none for `nil`, several for an array), e.g.
    /// `MultipartPart.fields("tags", ["a", "b"])`.
    public static func fields(_ name: String, _ value: some ParameterValue) -> [MultipartPart] {
        value.parameterValues.map { MultipartPart(name: name, value: $0) }
    }

    /// A file part, or none for `nil`, with the file name and content type the spec gives it (by default the field
    /// name and `application/octet-stream`), e.g. `MultipartPart.files("photo", jpeg, filename: "photo.jpg", contentType: "image/jpeg")`.
    public static func files(
        _ name: String, _ data: Data?, filename: String? = nil, contentType: String = "application/octet-stream"
    ) -> [MultipartPart] {
        data.map { [MultipartPart(name: name, filename: filename ?? name, contentType: contentType, data: $0)] } ?? []
    }
}
