public import Diagnostics

/// Decodes `Decodable` types from YAML, reading each scalar as the type asked for.
///
/// `version: 1.0` decodes as the `String` `"1.0"`, `country: NO` as `"NO"`, `port: 8080` as the `Int` 8080;
/// a mismatch is a located error naming the coding path:
///
/// ```swift
/// let config = try YAMLDecoder().decode(Config.self, from: text, file: "config.yaml")
/// // config.yaml:3:9: error: expected Int at 'server.port', found '80x'
/// ```
public struct YAMLDecoder: Sendable {
    /// Values handed to every `Decoder` as its `userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates a decoder.
    public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.userInfo = userInfo
    }

    /// Parses `text` (exactly one document) and decodes it; `file` is the path errors print.
    public func decode<T: Decodable>(_ type: T.Type, from text: String, file: String) throws(DiagnosticError) -> T {
        let root = try YAMLParser.parseDocument(text, file: file)
        return try decode(type, from: root, source: SourceFile(path: file, text: text))
    }

    /// Decodes a parsed node; pass the node's `source` to have errors quote the offending line.
    public func decode<T: Decodable>(_ type: T.Type, from node: YAMLNode, source: SourceFile? = nil) throws(DiagnosticError) -> T {
        let decoder = NodeDecoder(node: node, codingPath: [], context: DecodingContext(source: source, userInfo: userInfo))
        do {
            return try decoder.decode(type)
        } catch let error as DiagnosticError {
            throw error
        } catch let error as DecodingError {
            // Thrown by a type's own `init(from:)` (a raw-value enum with an unknown value, for example).
            throw decoder.context.error(for: error, root: node)
        } catch {
            throw decoder.context.error("\(error)", at: node.location)
        }
    }
}
