import Foundation

/// What writing a set of generated files would change in an output folder, decided before anything is
/// touched: files to create or rewrite (only where the bytes differ) and stale files of ours to remove.
public struct OutputPlan: Equatable, Sendable {
    /// One change to the folder.
    public enum Change: Equatable, Sendable {
        /// A file that does not exist yet.
        case create(GeneratedFile)
        /// A file whose bytes differ; `old` is what is there now.
        case update(GeneratedFile, old: String)
        /// A file with our header whose spec is generated now without it, or whose spec is gone.
        case remove(path: String, old: String)

        /// The path below the output folder.
        public var path: String {
            switch self {
            case .create(let file), .update(let file, _): file.path
            case .remove(let path, _): path
            }
        }
    }

    /// The output folder.
    public let directory: URL
    /// The changes, sorted by path.
    public let changes: [Change]

    /// True when the folder already holds exactly what generation would write.
    public var isEmpty: Bool { changes.isEmpty }

    /// Compares `files` with the folder's contents.
    ///
    /// - Parameters:
    ///   - generatedSpecs: the spec paths (as named in headers) generated in this run; their files not in
    ///     `files` are stale.
    ///   - specExists: whether a spec named in some other file's header still exists; when it does not,
    ///     that file is stale too. Files without our header are never touched.
    public init(files: [GeneratedFile], directory: URL, generatedSpecs: Set<String>, specExists: (String) -> Bool) throws {
        self.directory = directory
        var changes: [Change] = []
        let wanted = Set(files.map(\.path))
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            if let old = try? String(contentsOf: url, encoding: .utf8) {
                if old != file.contents { changes.append(.update(file, old: old)) }
            } else if FileManager.default.fileExists(atPath: url.path) {
                changes.append(.update(file, old: ""))  // unreadable as UTF-8: replace it
            } else {
                changes.append(.create(file))
            }
        }
        for (path, contents) in try Self.existingGeneratedFiles(in: directory) where !wanted.contains(path) {
            guard let spec = GeneratedHeader.specPath(in: Substring(contents)) else { continue }
            if generatedSpecs.contains(spec) || !specExists(spec) {
                changes.append(.remove(path: path, old: contents))
            }
        }
        self.changes = changes.sorted { $0.path < $1.path }
    }

    /// Every `.swift` file below `directory` that starts with our header, by relative path.
    private static func existingGeneratedFiles(in directory: URL) throws -> [(String, String)] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        let base = directory.standardizedFileURL.path
        var found: [(String, String)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            guard let contents = try? String(contentsOf: url, encoding: .utf8),
                GeneratedHeader.specPath(in: Substring(contents)) != nil
            else { continue }
            let path = url.standardizedFileURL.path
            let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : url.lastPathComponent
            found.append((relative, contents))
        }
        return found
    }

    /// Carries out the plan: each write goes to a temporary file beside its target and is renamed over it,
    /// so a reader never sees half a file. Unchanged files are not touched.
    public func apply() throws {
        for change in changes {
            let url = directory.appendingPathComponent(change.path)
            switch change {
            case .create(let file), .update(let file, _):
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).endpointgen-tmp")
                try Self.writeFile(file.contents, to: temporary)
                // rename(2) replaces the target in one step.
                guard rename(temporary.path, url.path) == 0 else {
                    try? FileManager.default.removeItem(at: temporary)
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
                }
            case .remove:
                try FileManager.default.removeItem(at: url)
                try? Self.removeIfEmpty(url.deletingLastPathComponent(), above: directory)
            }
        }
    }

    /// Writes `text` to a new file at `url` with plain POSIX calls. `Data.write(to:)` also calls `fsync`, which doubled
    /// the time of `endpointgen generate` for a 100-endpoint spec once its client was split into 52 files; the rename
    /// that follows makes a write atomic, and a generated file lost to a crash is generated again.
    private static func writeFile(_ text: String, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        defer { close(descriptor) }
        var text = text
        let written = text.withUTF8 { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
    }

    /// A spec's folder that its removal left empty goes too; the output folder itself stays.
    private static func removeIfEmpty(_ folder: URL, above root: URL) throws {
        guard folder.standardizedFileURL.path != root.standardizedFileURL.path,
            try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty
        else { return }
        try FileManager.default.removeItem(at: folder)
    }

    /// `summary`, each line followed by the change's unified diff, indented and cut after `maxLinesPerFile` lines,
    /// for `check`; `folder` names the output folder in the diff's labels (`--- Generated/Auth/AuthClient.swift`).
    public func differences(folder: String, maxLinesPerFile: Int = 40) -> [String] {
        zip(changes, summary).flatMap { change, line in
            let label = folder + "/" + change.path
            let (old, new): (String, String)
            switch change {
            case .create(let file): (old, new) = ("", file.contents)
            case .update(let file, let previous): (old, new) = (previous, file.contents)
            case .remove(_, let previous): (old, new) = (previous, "")
            }
            let diff = UnifiedDiff.lines(
                old: old, new: new, oldLabel: old.isEmpty ? "/dev/null" : label, newLabel: new.isEmpty ? "/dev/null" : label,
                maxLines: maxLinesPerFile)
            return [line] + diff.map { "  " + $0 }
        }
    }

    /// One line per change, e.g. `update Auth/AuthClient.swift (+3 -1 lines)`, for `check` and `--verbose`.
    public var summary: [String] {
        changes.map { change in
            switch change {
            case .create(let file):
                "create \(file.path) (+\(LineDiff.count(of: file.contents)) lines)"
            case .update(let file, let old):
                "update \(file.path) (\(LineDiff.counts(old: old, new: file.contents)))"
            case .remove(let path, let old):
                "remove \(path) (-\(LineDiff.count(of: old)) lines)"
            }
        }
    }
}
