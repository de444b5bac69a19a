import Diagnostics
import YAML

/// Reads a spec's includes, depth first, reporting missing files and cycles at the `include` that names them.
///
/// An include that cannot be read or parsed leaves its models unknown (`damage.includesIncomplete`), so that types
/// it would have declared are not reported as unknown too.
struct IncludeResolver {
    /// One parsed file of the spec.
    struct File {
        var path: String
        var root: YAMLNode
    }

    let sink: DiagnosticSink
    let damage: Damage
    let limits: SpecLimits
    let readInclude: (String) throws -> String
    /// The names in a folder (`nil` when it cannot be listed), for the did-you-mean of a missing include.
    let listFolder: (String) -> [String]?
    /// Every file, each after the files it includes; the main file comes last.
    private(set) var files: [File] = []
    private var seen: Set<String> = []
    private var refusedTooMany = false

    init(
        sink: DiagnosticSink, damage: Damage, limits: SpecLimits, readInclude: @escaping (String) throws -> String,
        listFolder: @escaping (String) -> [String]?
    ) {
        self.sink = sink
        self.damage = damage
        self.limits = limits
        self.readInclude = readInclude
        self.listFolder = listFolder
    }

    /// Visits `root` (at `path`) and, first, everything it includes.
    mutating func visit(_ root: YAMLNode, path: String, chain: [String] = []) {
        seen.insert(path)
        let chain = chain + [path]
        // Past the file limit or the error limit the spec is refused whatever else its includes hold, so the walk stops
        // there: a hostile spec that includes hundreds of names from every file would otherwise keep resolving them all.
        for node in includeNodes(root, path: path) where !refusedTooMany && !sink.reachedErrorLimit {
            guard let name = node.text else {
                sink.error("expected a file name for 'include', found a \(node.kindDescription)", at: node)
                damage.includesIncomplete = true
                continue
            }
            let target = Self.resolve(name, from: path)
            if let start = chain.firstIndex(of: target) {
                let cycle = (chain[start...] + [target]).joined(separator: " -> ")
                sink.error("include cycle: \(cycle)", at: node)
                continue
            }
            if seen.contains(target) { continue }
            // Distinct paths can still go on forever (a folder linked to itself, `include: sub/x.yaml` in every file).
            guard chain.count <= limits.maxIncludeDepth else {
                sink.error("includes nest deeper than \(limits.maxIncludeDepth) files: \(chain.joined(separator: " -> ")) -> \(target)", at: node)
                damage.includesIncomplete = true
                continue
            }
            guard seen.count <= limits.maxIncludedFiles else {
                sink.error("the spec includes more than \(limits.maxIncludedFiles) files", at: node)
                damage.includesIncomplete = true
                refusedTooMany = true
                continue
            }
            seen.insert(target)
            let text: String
            do {
                text = try readInclude(target)
            } catch let error as DiagnosticError {
                // Not text (a binary file, not UTF-8): located in the include itself.
                addIncluded(error, from: node)
                continue
            } catch {
                let notes = nearestFile(to: target).map { [sink.note("did you mean '\(Self.relative($0, from: path))'?", aboutFile: $0)] } ?? []
                sink.error("cannot read include '\(name)' at '\(target)': \(error)", at: node, notes: notes)
                damage.includesIncomplete = true
                continue
            }
            sink.register(path: target, text: text)
            do {
                let document = try YAMLParser.parseDocumentReadingPastDuplicates(text, file: target, limits: limits.yaml)
                sink.add(document.problems)
                document.discarded.forEach(damage.mention)
                visit(document.root, path: target, chain: chain)
            } catch {
                addIncluded(error, from: node)
            }
        }
        files.append(File(path: path, root: root))
    }

    /// The errors of an include that could not be read or parsed, each with a note at the `include` naming it.
    private func addIncluded(_ error: DiagnosticError, from node: YAMLNode) {
        damage.includesIncomplete = true
        sink.add(error.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.notes.append(sink.note("included here", at: node))
            return diagnostic
        })
    }

    /// The existing file whose path is closest to `target`, one component at a time from the deepest folder that
    /// exists (so `Shard/Comon.yaml` finds `Shared/Common.yaml`).
    private func nearestFile(to target: String) -> String? {
        var components = target.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let file = components.popLast() else { return nil }
        let listed = { (folder: [String]) in self.listFolder(folder.isEmpty ? "." : folder == [""] ? "/" : folder.joined(separator: "/")) }
        var missing: [String] = []
        while listed(components) == nil, let last = components.popLast() {
            missing.insert(last, at: 0)
        }
        for name in missing + [file] {
            guard let names = listed(components) else { return nil }
            guard let found = names.contains(name) ? name : Suggestion.closest(to: name, in: names.sorted()) else { return nil }
            components.append(found)
        }
        let found = components.joined(separator: "/")
        return found == target ? nil : found
    }

    /// `path` as an include in `includer` would name it: relative to the includer's folder when below it.
    private static func relative(_ path: String, from includer: String) -> String {
        guard let slash = includer.lastIndex(of: "/") else { return path }
        let folder = includer[...slash]
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    /// The `include` entries: one name or a sequence of names.
    private func includeNodes(_ root: YAMLNode, path: String) -> [YAMLNode] {
        guard let include = root["include"] else { return [] }
        return include.sequence ?? [include]
    }

    /// `name` relative to the folder of `path`, with `.` and `..` folded away where possible.
    ///
    /// Works on UTF-8 bytes, as the file system does: `/` and `.` are ASCII, so they never occur inside another
    /// character's encoding. Splitting by `Character` instead was most of the time a hostile spec took to load, its
    /// include paths having grown to kilobytes.
    static func resolve(_ name: String, from path: String) -> String {
        let slash = UInt8(ascii: "/")
        var joined: [UInt8] = []
        if name.utf8.first != slash, let folderEnd = path.utf8.lastIndex(of: slash) {
            joined += path.utf8[...folderEnd]
        }
        joined += name.utf8
        var components: [ArraySlice<UInt8>] = []
        for component in joined.split(separator: slash, omittingEmptySubsequences: false) {
            if component.elementsEqual(".".utf8) { continue }
            if component.elementsEqual("..".utf8), let last = components.last, !last.elementsEqual("..".utf8), !last.isEmpty {
                components.removeLast()
            } else {
                components.append(component)
            }
        }
        return String(decoding: Array(components.joined(separator: [slash])), as: UTF8.self)
    }
}
