import Foundation
import Testing

/// The command line as a newcomer meets it: help for each command, suggestions for typos, usage errors on stderr.
@Suite struct CLIUsageTests {
    @Test func helpForEachCommandListsItsOwnOptions() throws {
        let workspace = try CLITests.Workspace()
        let viaHelp = try workspace.run("help", "generate")
        let viaFlag = try workspace.run("generate", "--help")
        #expect(viaHelp.status == 0 && viaFlag.status == 0)
        #expect(viaHelp.output == viaFlag.output)
        #expect(viaHelp.output.hasPrefix("OVERVIEW: Write one set of Swift files per spec"))
        #expect(viaHelp.output.contains("USAGE: endpointgen generate SPEC... --output DIR [options]"))
        #expect(viaHelp.output.contains("  -o, --output DIR      "))
        #expect(viaHelp.output.contains("  -q, --quiet           "))

        let lint = try workspace.run("lint", "--help")
        #expect(lint.output.contains("USAGE: endpointgen lint SPEC... [options]"))
        #expect(!lint.output.contains("--output"), "lint takes no --output")
        #expect(try workspace.run("check", "-h").output.contains("1 spec or template errors or drift"))

        let global = try workspace.run("help")
        #expect(global.status == 0)
        #expect(global.output == (try workspace.run("--help")).output)
        #expect(global.output.contains("  help      Print this help, or a command's"))
    }

    @Test func typosGetSuggestions() throws {
        let workspace = try CLITests.Workspace()
        let command = try workspace.run("genrate", "Specs/Mini.yaml")
        #expect(command.status == 2)
        #expect(command.errors == "error: unknown command 'genrate'; did you mean 'generate'?\n\nRun 'endpointgen help' for usage.\n")
        let option = try workspace.run("generate", "Specs/Mini.yaml", "--outptu", "Generated")
        #expect(option.status == 2)
        #expect(option.errors == "error: unknown option '--outptu'; did you mean '--output'?\n\nRun 'endpointgen generate --help' for usage.\n")
        let elsewhere = try workspace.run("lint", "Specs/Mini.yaml", "--output", "Generated")
        #expect(elsewhere.errors.hasPrefix("error: lint takes no option '--output'\n"))
        #expect(try workspace.run("help", "lnit").errors.hasPrefix("error: unknown command 'lnit'; did you mean 'lint'?\n"))
    }

    @Test func noArgumentsAndMissingValuesAreUsageErrorsOnStandardError() throws {
        let workspace = try CLITests.Workspace()
        let empty = try workspace.run()
        #expect(empty.status == 2)
        #expect(empty.output.isEmpty)
        #expect(empty.errors == "error: missing command\n\nRun 'endpointgen help' for usage.\n")
        let missing = try workspace.run("generate", "Specs/Mini.yaml", "--output")
        #expect(missing.status == 2)
        #expect(missing.errors.hasPrefix("error: --output needs a value (--output DIR)\n"))
        let swallowed = try workspace.run("generate", "Specs/Mini.yaml", "-o", "--quiet")
        #expect(swallowed.status == 2)
        #expect(swallowed.errors.hasPrefix("error: -o needs a value (-o DIR)\n"))
    }

    @Test func lintSaysWhatItCheckedAndWarnsAsGenerateDoes() throws {
        let workspace = try CLITests.Workspace()
        let clean = try workspace.run("lint", "Specs/Mini.yaml")
        #expect(clean.status == 0)
        #expect(clean.output == "Specs/Mini.yaml: 1 endpoint, 0 models, no warnings\n")
        #expect(try workspace.run("lint", "Specs/Mini.yaml", "--quiet").output.isEmpty)

        // A warning of the generator's stage (a model renamed), which lint once left to generate, and one of the loader's.
        try workspace.write("Specs/Mini.yaml", """
            name: Mini
            server: { host: example.com }
            endpoints:
              ping: { GET: /ping, response: Request }
            models:
              Request: { day: Int }
              Orphan: { id: Int }
            """)
        let warned = try workspace.run("lint", "Specs/Mini.yaml")
        #expect(warned.status == 0)
        #expect(warned.output == "Specs/Mini.yaml: 1 endpoint, 2 models, 2 warnings\n")
        #expect(warned.errors == """
            Specs/Mini.yaml:6:3: warning: model 'Request' would shadow a type the generated code uses; it is generated as 'RequestModel'
              Request: { day: Int }
              ^
            Specs/Mini.yaml:7:3: warning: model 'Orphan' is never used
              Orphan: { id: Int }
              ^~~~~~

            """)
        let generated = try workspace.run("generate", "Specs/Mini.yaml", "--output", "Generated", "--quiet")
        #expect(generated.errors == warned.errors)
    }
}
