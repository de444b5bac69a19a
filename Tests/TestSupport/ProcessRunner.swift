import Foundation

/// What a command run to its end gave: its exit status and what it printed.
public struct ProcessResult: Sendable {
    /// The exit status.
    public let status: Int32
    /// Its standard output (with its standard error too, when they were merged).
    public let output: String
    /// Its standard error (empty when merged into `output`).
    public let errors: String
}

/// Runs a command to its end, for the tests that run `endpointgen`, the compiler or a tool.
///
/// The output goes to temporary files rather than pipes, so however much a command prints, nothing blocks (a pipe
/// that fills while nobody reads it stops the child), and stdout and stderr can be read in full after the end.
public enum ProcessRunner {
    /// Runs `executable` with `arguments` in `directory` (the current one by default). With `mergingErrors`, standard
    /// error goes into `output` too, in the order it was printed (a compiler's diagnostics and its progress).
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, mergingErrors: Bool = false
    ) throws -> ProcessResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputURL = scratch.appendingPathComponent("stdout"), errorsURL = scratch.appendingPathComponent("stderr")
        for url in [outputURL, errorsURL] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }
        let output = try FileHandle(forWritingTo: outputURL), errors = try FileHandle(forWritingTo: errorsURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = output
        process.standardError = mergingErrors ? output : errors
        try process.run()
        process.waitUntilExit()
        try output.close()
        try errors.close()
        let read = { (url: URL) in String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self) }
        return ProcessResult(status: process.terminationStatus, output: read(outputURL), errors: read(errorsURL))
    }

    /// Runs a command found on the `PATH`, e.g. `["swiftc", "-c", ...]`.
    public static func run(command: [String], in directory: URL? = nil, mergingErrors: Bool = false) throws -> ProcessResult {
        try run(URL(fileURLWithPath: "/usr/bin/env"), command, in: directory, mergingErrors: mergingErrors)
    }

    /// Runs the built `endpointgen` with `arguments` in `directory`.
    public static func endpointgen(_ arguments: [String], in directory: URL) throws -> ProcessResult {
        try run(TestEnvironment.productsFolder.appendingPathComponent("endpointgen"), arguments, in: directory)
    }
}
