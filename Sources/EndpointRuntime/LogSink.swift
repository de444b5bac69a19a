import Foundation

/// Where the client writes its one line per request.
public struct LogSink: Sendable {
    /// Receives each line.
    public let write: @Sendable (String) -> Void

    /// A sink from a closure, e.g. `LogSink { logger.info("\($0)") }`.
    public init(_ write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// Writes each line to standard error.
    public static let standardError = LogSink { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
