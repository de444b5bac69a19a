import Foundation
import Testing

@testable import EndpointGenCore

/// Big specs spread their models over 32 files by a hash of the type name; the build tool plugin asks for every file
/// always.
@Suite struct ModelFilesTests {
    /// A spec named Many with `count` object models whose initials cycle through `initials`, and one enum `Zone`.
    static func manySpec(count: Int, initials: [String] = ["Apple", "banana", "Cherry", "Quince"]) -> String {
        var text = "name: Many\nserver: { host: example.com }\nendpoints:\n  ping: { GET: /ping }\nmodels:\n"
        for index in 0..<count {
            text += "  \(initials[index % initials.count])\(index):\n    id: Int\n"
        }
        return text + "  Zone:\n    enum: [north, south]\n"
    }

    /// The names of the types a generated Swift file declares at its top level.
    static func declaredTypes(_ text: String) -> Set<String> {
        Set(text.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard words.count > 2, words[0] == "public", ["struct", "enum"].contains(words[1]) else { return nil }
            return String(words[2].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        })
    }

    @Test func upToTheThresholdTheModelsStayInOneFile() throws {
        let workspace = try CLITests.Workspace()
        try workspace.write("Specs/Many.yaml", Self.manySpec(count: FileSplit.modelThreshold - 1))
        #expect(try workspace.run("generate", "Specs/Many.yaml", "--output", "Out", "--quiet").status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: workspace.root.appendingPathComponent("Out/Many").path)
        #expect(files.sorted() == ["ManyClient.swift", "ManyEndpoints.swift", "ManyFake.swift", "ManyModels.swift"])
    }

    @Test func pastTheThresholdEachModelIsInThePartItsNameHashesToAndNoneIsLostOrRepeated() throws {
        let workspace = try CLITests.Workspace()
        try workspace.write("Specs/Many.yaml", Self.manySpec(count: FileSplit.modelThreshold + 1))
        #expect(try workspace.run("generate", "Specs/Many.yaml", "--output", "Out", "--quiet").status == 0)
        let folder = workspace.root.appendingPathComponent("Out/Many")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let modelFiles = files.filter { $0.hasPrefix("Many.Models+") }
        // The model files first in name order (the compiler's batches start on them), then the others.
        #expect(files == modelFiles + ["ManyClient.swift", "ManyEndpoints.swift", "ManyFake.swift"])
        var all: [String] = []
        for file in modelFiles {
            let suffix = String(file.dropFirst("Many.Models+".count).dropLast(".swift".count))
            let part = try #require(FileSplit.modelPartSuffixes.firstIndex(of: suffix), "\(file) is no model part file")
            let types = Self.declaredTypes(try #require(workspace.read("Out/Many/\(file)")))
            #expect(!types.isEmpty, "\(file) is written but empty")
            #expect(types.allSatisfy { FileSplit.partIndex(of: $0, parts: FileSplit.modelPartSuffixes.count) == part }, "\(file): \(types)")
            all += types
        }
        // Every object model and the enum, each declared once.
        #expect(all.count == Set(all).count)
        #expect(all.count == FileSplit.modelThreshold + 2)
    }

    /// Names that share their start (Stripe: 940 of 2,245 models begin with `P`) still spread over the parts, so that
    /// no file is much bigger than the others: the compiler's batches take runs of files in name order, and one big
    /// file held up the whole build.
    @Test func modelsWhoseNamesShareTheirStartSpreadOverTheParts() throws {
        let workspace = try CLITests.Workspace()
        try workspace.write("Specs/Many.yaml", Self.manySpec(count: 320, initials: ["PaymentMethod"]))
        #expect(try workspace.run("generate", "Specs/Many.yaml", "--output", "Out", "--quiet").status == 0)
        var sizes: [Int] = []
        for suffix in FileSplit.modelPartSuffixes {
            sizes.append(Self.declaredTypes(workspace.read("Out/Many/Many.Models+\(suffix).swift") ?? "").count)
        }
        #expect(sizes.reduce(0, +) == 321)
        // 10 per part on average; a fair hash keeps every part within a few of that.
        #expect(sizes.allSatisfy { (3...20).contains($0) }, "models per part: \(sizes)")
    }

    @Test func alwaysWritesEveryFileThePluginDeclaresUnderBothOptionNames() throws {
        let workspace = try CLITests.Workspace()
        let result = try workspace.run("generate", "Specs/Mini.yaml", "--output", "Out", "--split", "always", "--quiet")
        #expect(result.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: workspace.root.appendingPathComponent("Out/Mini").path)
        // The list Plugins/EndpointGenPlugin declares, written out.
        let modelParts = (0...31).map { $0 < 10 ? "0\($0)" : "\($0)" }
        let parts = Array(modelParts.prefix(16))
        let declared = ["Client", "Endpoints", "Fake"].flatMap { template in [template] + parts.map { "\(template)+\($0)" } }
            + modelParts.map { ".Models+\($0)" }
        #expect(files.sorted() == declared.map { "Mini\($0).swift" }.sorted())
        #expect(FileSplit.modelPartSuffixes == modelParts)
        #expect(FileSplit.partSuffixes == parts)
        let emptyPart = try #require(FileSplit.modelPartSuffixes.first { suffix in
            !(workspace.read("Out/Mini/Mini.Models+\(suffix).swift") ?? "").contains("public struct")
        })
        let empty = try #require(workspace.read("Out/Mini/Mini.Models+\(emptyPart).swift"))
        #expect(Self.declaredTypes(empty).isEmpty && empty.hasPrefix("// Generated by endpointgen"))

        // `--model-files by-letter`, the option's old name and value, writes the same files.
        #expect(try workspace.run("generate", "Specs/Mini.yaml", "--output", "Old", "--model-files", "by-letter", "--quiet").status == 0)
        let old = try FileManager.default.contentsOfDirectory(atPath: workspace.root.appendingPathComponent("Old/Mini").path)
        #expect(old.sorted() == files.sorted())
    }

    /// `never`, the build tool plugin's layout for a spec it reads as small: the four files it declares, past both
    /// thresholds too, every model and endpoint in them.
    @Test func neverWritesOneFilePerTemplateWhateverTheSize() throws {
        let workspace = try CLITests.Workspace()
        try workspace.write("Specs/Many.yaml", Self.manySpec(count: FileSplit.modelThreshold + 1))
        #expect(try workspace.run("generate", "Specs/Many.yaml", "--output", "Out", "--split", "never", "--quiet").status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: workspace.root.appendingPathComponent("Out/Many").path)
        #expect(files.sorted() == ["ManyClient.swift", "ManyEndpoints.swift", "ManyFake.swift", "ManyModels.swift"])
        #expect(Self.declaredTypes(try #require(workspace.read("Out/Many/ManyModels.swift"))).count == FileSplit.modelThreshold + 2)
    }

    @Test func switchingToPartsRemovesTheSingleFile() throws {
        let workspace = try CLITests.Workspace()
        #expect(try workspace.run("generate", "Specs/Mini.yaml", "--output", "Out", "--quiet").status == 0)
        #expect(workspace.read("Out/Mini/MiniModels.swift") != nil)
        #expect(try workspace.run("generate", "Specs/Mini.yaml", "--output", "Out", "--split", "always", "--quiet").status == 0)
        #expect(workspace.read("Out/Mini/MiniModels.swift") == nil)
    }

    /// The part of a type name is fixed: changing the hash would move every model of every client to another file.
    @Test(arguments: [("Pet", 30), ("PaymentMethod", 20), ("`Self`", 3), ("", 5)])
    func aModelAlwaysGoesToTheSamePart(name: String, part: Int) {
        #expect(FileSplit.partIndex(of: name, parts: FileSplit.modelPartSuffixes.count) == part)
    }

    @Test(arguments: ["--split", "--model-files"])
    func anUnknownSplitChoiceIsAUsageError(option: String) throws {
        let result = try CLITests.Workspace().run("generate", "Specs/Mini.yaml", "--output", "Out", option, "many")
        #expect(result.status == 2)
        #expect(result.errors.contains("--split (or --model-files) must be auto, always or never, not 'many'"))
    }
}
