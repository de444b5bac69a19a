import EndpointSpec
import Foundation
import Testing
import TestSupport

/// The complete specs shown in the documentation load, so the docs stay true.
@Suite struct DocumentationTests {
    /// The ```yaml blocks of a Markdown file that are whole specs (they have a name and endpoints).
    static func specBlocks(in file: String) throws -> [String] {
        let text = try String(contentsOf: TestEnvironment.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
        return text.components(separatedBy: "```yaml\n").dropFirst()
            .compactMap { $0.components(separatedBy: "```").first }
            .filter { $0.hasPrefix("name:") && $0.contains("\nendpoints:") }
    }

    @Test(arguments: ["README.md", "docs/SpecFormat.md"])
    func wholeSpecsInTheDocsLoadWithoutWarnings(_ file: String) throws {
        let blocks = try Self.specBlocks(in: file)
        #expect(!blocks.isEmpty)
        for block in blocks {
            #expect(try SpecTesting.load(block).warnings.isEmpty)
        }
    }

    /// The markers `Tests/quickstart.sh` reads: `<!-- quickstart: PATH -->` (the quick start's files) and
    /// `<!-- client: PATH -->` (the client section's, written over them).
    static let markers = ["quickstart", "client"]

    /// The README's code blocks in a language (`swift`, `yaml`, `sh`), each with the path of the
    /// `<!-- quickstart: PATH -->` or `<!-- client: PATH -->` marker on the line before it (`client:PATH` for the
    /// latter), if any.
    static func blocks(_ language: String, in text: String) -> [(code: String, quickstart: String?)] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [(String, String?)] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index] == "```" + language else { continue }
            let marker = index > 0 ? lines[index - 1] : ""
            let path = markers.lazy.compactMap { name -> String? in
                guard marker.hasPrefix("<!-- \(name): "), marker.hasSuffix(" -->") else { return nil }
                let path = String(marker.dropFirst("<!-- \(name): ".count).dropLast(" -->".count))
                return name == "quickstart" ? path : "\(name):\(path)"
            }.first
            var code: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                code.append(lines[index])
                index += 1
            }
            blocks.append((code.joined(separator: "\n"), path))
        }
        return blocks
    }

    /// The regions of the test sources between `// README: TITLE` and `// README end`, without their common indentation.
    static func readmeRegions() throws -> [String] {
        let tests = TestEnvironment.repositoryRoot.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        var regions: [String] = []
        for file in files where file.pathExtension == "swift" {
            var region: [String]?
            for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("// README: ") {
                    region = []
                } else if trimmed == "// README end", let lines = region {
                    regions.append(dedented(lines))
                    region = nil
                } else {
                    region?.append(line)
                }
            }
        }
        return regions
    }

    /// `lines` without the indentation they all share (blank lines aside).
    static func dedented(_ lines: [String]) -> String {
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
    }

    /// Every Swift block of the README is code that runs: a quick-start file (`Tests/quickstart.sh` writes each
    /// marked block into a scratch package, builds it and runs it against a loopback server in CI), or a region of
    /// a test that runs it; and no such region is left over from a block that changed.
    /// docs/Client.md, the client in depth, holds the block of this repository's own clients the README held.
    @Test func everySwiftBlockOfTheReadmeIsRunByATestOrTheQuickStart() throws {
        let readme = try String(contentsOf: TestEnvironment.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let client = try String(contentsOf: TestEnvironment.repositoryRoot.appendingPathComponent("docs/Client.md"), encoding: .utf8)
        let blocks = Self.blocks("swift", in: readme) + Self.blocks("swift", in: client)
        let regions = try Self.readmeRegions()
        #expect(blocks.count >= 4)
        for block in blocks where block.quickstart == nil {
            #expect(regions.contains(Self.dedented(block.code.components(separatedBy: "\n"))), "not run by any test:\n\(block.code)")
        }
        for region in regions {
            #expect(blocks.contains { $0.quickstart == nil && Self.dedented($0.code.components(separatedBy: "\n")) == region }, "not in the README:\n\(region)")
        }
        let script = try String(contentsOf: TestEnvironment.repositoryRoot.appendingPathComponent("Tests/quickstart.sh"), encoding: .utf8)
        #expect(script.contains("<!-- quickstart: "), "Tests/quickstart.sh reads the marked blocks")
        let marked = Self.blocks("swift", in: readme).compactMap(\.quickstart) + Self.blocks("yaml", in: readme).compactMap(\.quickstart)
            + Self.blocks("sh", in: readme).compactMap(\.quickstart)
        #expect(Set(marked) == [
            "Package.swift", "Sources/TodoAPI/Todos.endpoints.yaml", "Sources/TodoAPI/TodoAPI.swift", "Sources/Todos/main.swift", "run.sh",
            "client:Sources/TodoAPI/Todos.endpoints.yaml", "client:Sources/Todos/main.swift", "client:Tests/TodosTests/TodosTests.swift",
        ])
    }

    /// The README's and docs' printed outputs are the tool's: each ```text block after `<!-- output of: endpointgen
    /// ARGS -->` (or `<!-- output of: endpointgen ARGS, in DIR -->`, DIR relative to the repository) is exactly what
    /// the built `endpointgen` prints on its standard output, run in the repository (or DIR).
    @Test(arguments: ["README.md", "docs/Client.md", "docs/OpenAPI.md"])
    func printedOutputsAreTheToolsOwn(_ file: String) throws {
        let root = TestEnvironment.repositoryRoot
        let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
        var checked = 0
        var skipped = 0
        for (index, line) in lines.enumerated() where line.hasPrefix("<!-- output of: endpointgen ") && line.hasSuffix(" -->") {
            let command = line.dropFirst("<!-- output of: endpointgen ".count).dropLast(" -->".count).components(separatedBy: ", in ")
            let folder = command.count > 1 ? root.appendingPathComponent(command[1]).standardizedFileURL : root
            // A folder of the shared test data (../shared/testdata/openapi): skipped without it, except under CI.
            if !folder.path.hasPrefix(root.path), !TestEnvironment.canRun(needingTestdata: "openapi") {
                skipped += 1
                continue
            }
            #expect(lines[index + 1] == "```text", "\(file):\(index + 2): the output block must follow its marker")
            let shown = lines[(index + 2)...].prefix { $0 != "```" }.joined(separator: "\n") + "\n"
            let result = try ProcessRunner.endpointgen(command[0].components(separatedBy: " "), in: folder)
            #expect(result.status == 0, "endpointgen \(command[0]) failed: \(result.errors)")
            #expect(result.output == shown, "\(file):\(index + 1): endpointgen \(command[0]) prints\n\(result.output)")
            checked += 1
        }
        #expect(checked + skipped > 0, "\(file) has no output block")
    }

    /// The README is a page for users, about 250 lines (depth goes to docs/), and every file it links to exists, the
    /// docs pages that hold what it once did among them.
    @Test func theReadmeIsShortAndItsLinksLeadSomewhere() throws {
        let root = TestEnvironment.repositoryRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lineCount = readme.components(separatedBy: "\n").count - 1
        #expect(lineCount <= 270, "the README has \(lineCount) lines")
        let links = readme.components(separatedBy: "](").dropFirst().map { String($0.prefix { $0 != ")" && $0 != "#" }) }
            .filter { !$0.isEmpty && !$0.contains("://") }
        for link in links {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(link).path), "README links to \(link), which does not exist")
        }
        for page in ["docs/Recipes.md", "docs/Client.md", "docs/OpenAPI.md", "docs/SpecFormat.md", "docs/Platforms.md", "CONTRIBUTING.md"] {
            #expect(links.contains(page), "README does not link \(page)")
        }
    }

    /// Every relative link of CONTRIBUTING.md and the docs pages leads to a file (the material moved out of the
    /// README took its links along, relative to a new folder).
    @Test(arguments: ["CONTRIBUTING.md", "docs/Client.md", "docs/OpenAPI.md", "docs/Recipes.md", "docs/Platforms.md", "docs/SpecFormat.md"])
    func theDocsLinksLeadSomewhere(_ page: String) throws {
        let url = TestEnvironment.repositoryRoot.appendingPathComponent(page)
        let text = try String(contentsOf: url, encoding: .utf8)
        let links = text.components(separatedBy: "](").dropFirst().map { String($0.prefix { $0 != ")" && $0 != "#" }) }
            .filter { !$0.isEmpty && !$0.contains("://") }
        for link in links {
            let target = url.deletingLastPathComponent().appendingPathComponent(link).path
            #expect(FileManager.default.fileExists(atPath: target), "\(page) links to \(link), which does not exist")
        }
    }

    /// The README is for users: no benchmark cell is a paragraph (the method and history live in Benchmarks/README.md).
    @Test func theReadmesBenchmarkTableIsCompact() throws {
        let readme = try String(contentsOf: TestEnvironment.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let table = readme.components(separatedBy: "## Benchmarks\n").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        let rows = table.components(separatedBy: "\n").filter { $0.hasPrefix("| ") }
        #expect(rows.count >= 8)
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells.count == 5, "\(row)")
            #expect(cells.allSatisfy { $0.split(separator: " ").count <= 12 }, "a cell of more than 12 words: \(row)")
        }
        #expect(readme.range(of: "## Quick start") != nil)
        #expect(readme.range(of: "## Quick start")!.lowerBound < readme.range(of: "## Benchmarks")!.lowerBound)
    }

    /// One row per benchmark: each benchmark executable of Package.swift has exactly one (its details are in
    /// Benchmarks/README.md).
    @Test func theReadmesBenchmarkTableHasOneRowPerBenchmark() throws {
        let root = TestEnvironment.repositoryRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let table = readme.components(separatedBy: "## Benchmarks\n").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        let commands = table.components(separatedBy: "\n").filter { $0.hasPrefix("| ") }.dropFirst().map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.dropFirst().first ?? ""
        }
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let benchmarks = manifest.components(separatedBy: "name: \"").dropFirst().compactMap { rest -> String? in
            let name = String(rest.prefix { $0 != "\"" })
            return name.hasSuffix("-benchmark") ? name : nil
        }
        #expect(benchmarks.count >= 8, "found \(benchmarks) in Package.swift")
        for benchmark in benchmarks {
            let rows = commands.filter { $0 == "`swift run -c release \(benchmark)`" }
            #expect(rows.count == 1, "\(benchmark) has \(rows.count) rows in the README's benchmark table")
        }
        #expect(Set(commands).count == commands.count, "a command with two rows: \(commands)")
    }
}
