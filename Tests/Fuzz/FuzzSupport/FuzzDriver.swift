import Foundation

/// The signature libFuzzer calls for each input: its bytes and their count; returns 0.
public typealias FuzzTestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

#if FUZZING
/// libFuzzer's entry for programs that keep their own `main` (SwiftPM renames an executable's entry point,
/// so libFuzzer's `main` never runs).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: FuzzTestOneInput
) -> Int32
#endif

/// The `main` of every fuzz target.
///
/// Built with `-DFUZZING` (and `-sanitize=fuzzer`), it hands the command line to libFuzzer; otherwise it
/// replays the files and folders named on the command line, so a plain build runs the corpus.
public enum FuzzDriver {
    /// Fuzzes or replays `testOneInput`, then exits.
    public static func run(_ testOneInput: FuzzTestOneInput) -> Never {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
        let files = CommandLine.arguments.dropFirst().flatMap(inputFiles)
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                print("cannot read \(file)")
                exit(1)
            }
            _ = data.withUnsafeBytes { bytes in
                testOneInput(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
            }
        }
        print("replayed \(files.count) inputs")
        exit(0)
        #endif
    }

    /// The file at `path`, or every file below it when it is a folder, sorted.
    static func inputFiles(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        let names = FileManager.default.subpaths(atPath: path) ?? []
        return names.sorted().map { "\(path)/\($0)" }.filter { file in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }
}
