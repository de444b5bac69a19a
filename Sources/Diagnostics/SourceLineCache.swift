/// The source lines diagnostics quote, each file indexed once, when a diagnostic first points into it: a file without
/// problems is never indexed, and one with thousands of warnings is indexed once.
///
/// Used by the spec loader (texts it has read) and by the CLI (files on disk, for diagnostics that arrive without
/// their line, such as the generator's).
public struct SourceLineCache {
    private var indexes: [String: LineIndex] = [:]

    public init() {}

    /// Line `number` (1-based) of the file at `path`, whose text `read` gives. When `read` gives `nil`, nothing is
    /// cached: a text can still become available later (the loader registers each include as it reads it).
    public mutating func line(_ number: Int, of path: String, reading read: (String) -> String?) -> String? {
        if let index = indexes[path] { return index.line(number) }
        guard let text = read(path) else { return nil }
        let index = LineIndex(text)
        indexes[path] = index
        return index.line(number)
    }
}
