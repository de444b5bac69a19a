import Diagnostics
import Foundation
import Mustache
import Testing

@Suite struct LibraryTests {
    /// A fresh temporary folder holding `files` (name to text), removed by the caller.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func loadsEveryMustacheFileOfADirectoryByNameWithoutExtension() throws {
        let folder = try Self.folder([
            "Client.swift.mustache": "struct Client {\n    {{#methods}}\n    {{> Method}}\n    {{/methods}}\n}\n",
            "Method.mustache": "func {{name}}() {\n    send()\n}\n",
            "notes.txt": "not a template {{#",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try MustacheLibrary(directory: folder)
        #expect(library.names == ["Client.swift", "Method"])
        let context: MustacheValue = ["methods": [["name": "list"], ["name": "get"]]]
        #expect(try library.render("Client.swift", context: context) == """
            struct Client {
                func list() {
                    send()
                }
                func get() {
                    send()
                }
            }

            """)
    }

    @Test func directoryErrorsNameTheFileInTheDirectory() throws {
        let folder = try Self.folder(["Bad.mustache": "ok\n{{#x}}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try MustacheLibrary(directory: folder)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "\(folder.path)/Bad.mustache:2:1: error: unclosed section 'x'; expected '{{/x}}'\n{{#x}}\n^")
        }
    }

    @Test func missingDirectoryIsAnError() {
        let folder = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        do {
            _ = try MustacheLibrary(directory: folder)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "error: cannot read template directory '\(folder.path)'")
        }
    }

    @Test func overlayReplacesTemplatesFileByFile() throws {
        let defaults = try MustacheLibrary(templates: ["Client": "client({{> Method}})", "Method": "default method", "Model": "model"])
        let user = try MustacheLibrary(templates: ["Method": "user method", "Extra": "extra"])
        let overlaid = defaults.overlaid(by: user)
        #expect(overlaid.names == ["Client", "Extra", "Method", "Model"])
        #expect(try overlaid.render("Client", context: [:]) == "client(user method)")
        #expect(try defaults.render("Client", context: [:]) == "client(default method)")
    }

    @Test func userTemplateOverridesOneBlockOfADefaultTemplate() throws {
        let defaults = try MustacheLibrary(templates: [
            "Client": "{{< ClientBase}}{{/ClientBase}}",
            "ClientBase": "{{$header}}// Generated{{/header}}\nstruct {{name}} {}\n",
        ])
        let user = try MustacheLibrary(templates: ["Client": "{{< ClientBase}}{{$header}}// (c) ACME{{/header}}{{/ClientBase}}"])
        #expect(try defaults.render("Client", context: ["name": "API"]) == "// Generated\nstruct API {}\n")
        #expect(try defaults.overlaid(by: user).render("Client", context: ["name": "API"]) == "// (c) ACME\nstruct API {}\n")
    }

    @Test func unknownTemplateNameListsTheKnownOnes() throws {
        let library = try MustacheLibrary(templates: ["B": "", "A": ""])
        do {
            _ = try library.render("C", context: [:])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "error: no template named 'C'; the templates are 'A', 'B'")
        }
    }
}
