import Diagnostics
import YAML

/// Reads a spec's includes, depth first, reporting missing files and cycles at the `include` that names them.
struct IncludeResolver {
    /// One parsed file of the spec.
    struct File {
        var path: String
        var root: YAMLNode
    }

    let sink: DiagnosticSink
    let limits: SpecLimits
    let readInclude: (String) throws -> String
    /// Every file, each after the files it includes; the main file comes last.
    private(set) var files: [File] = []
    private var seen: Set<String> = []
    private var refusedTooMany = false

    init(sink: DiagnosticSink, limits: SpecLimits, readInclude: @escaping (String) throws -> String) {
        self.sink = sink
        self.limits = limits
        self.readInclude = readInclude
    }

    /// Visits `root` (at `path`) and, first, everything it includes.
    mutating func visit(_ root: YAMLNode, path: String, chain: [String] = []) {
        seen.insert(path)
        let chain = chain + [path]
        // Past the file limit or the error limit the spec is refused whatever else its includes hold, so the walk stops
        // there: a hostile spec that includes hundreds of names from every file would otherwise keep resolving them all.
        for node in includeNodes(root, path: path) where !refusedTooMany && !sink.reachedErrorLimit {
            guard let name = node.text else {
                sink.error("expected a file name for 'include', found a \(node.kindDescription)", at: node.location)
                continue
            }
            let target = Self.resolve(name, from: path)
            if let start = chain.firstIndex(of: target) {
                let cycle = (chain[start...] + [target]).joined(separator: " -> ")
                sink.error("include cycle: \(cycle)", at: node.location)
                continue
            }
            if seen.contains(target) { continue }
            // Distinct paths can still go on forever (a folder linked to itself, `include: sub/x.yaml` in every file).
            guard chain.count <= limits.maxIncludeDepth else {
                sink.error("includes nest deeper than \(limits.maxIncludeDepth) files: \(chain.joined(separator: " -> ")) -> \(target)", at: node.location)
                continue
            }
            guard seen.count <= limits.maxIncludedFiles else {
                sink.error("the spec includes more than \(limits.maxIncludedFiles) files", at: node.location)
                refusedTooMany = true
                continue
            }
            seen.insert(target)
            let text: String
            do {
                text = try readInclude(target)
            } catch {
                sink.error("cannot read include '\(name)' at '\(target)': \(error)", at: node.location)
                continue
            }
            sink.register(path: target, text: text)
            do {
                visit(try YAMLParser.parseDocument(text, file: target, limits: limits.yaml), path: target, chain: chain)
            } catch {
                sink.add(error.diagnostics)
            }
        }
        files.append(File(path: path, root: root))
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
