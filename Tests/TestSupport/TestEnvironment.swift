import Foundation

/// Where tests find what lives outside the repo (the shared test suites) or outside the process
/// (the loopback servers that `Tests/run.sh` starts), and whether a missing piece may be skipped.
///
/// On a user's machine a test that lacks its data or server is skipped with a message naming what it
/// needs. In CI (`CI=true`) nothing may be skipped, so such a test runs and fails loudly instead.
public enum TestEnvironment {
    /// True when running under CI, where every test must run.
    public static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"].map { ["1", "true", "yes"].contains($0.lowercased()) } ?? false
    }

    /// The repository root, found from this file's own path.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `../shared/testdata` beside the repository, or `ENDPOINTGEN_TESTDATA` when set.
    public static var testdataRoot: URL {
        if let override = ProcessInfo.processInfo.environment["ENDPOINTGEN_TESTDATA"] {
            return URL(fileURLWithPath: override)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata")
    }

    /// A folder of the shared test data, e.g. `testdata("yaml-test-suite")`.
    public static func testdata(_ name: String) -> URL {
        testdataRoot.appendingPathComponent(name)
    }

    /// Whether a test needing the shared folder `name` should run: it exists, or we are in CI.
    public static func canRun(needingTestdata name: String) -> Bool {
        isCI || FileManager.default.fileExists(atPath: testdata(name).path)
    }

    /// The URL of a loopback test server that `Tests/run.sh` started, from the environment variable `name`.
    public static func serverURL(_ name: String) -> URL? {
        ProcessInfo.processInfo.environment[name].flatMap(URL.init(string:))
    }

    /// Whether a test needing the server in variable `name` should run: it is set, or we are in CI.
    public static func canRun(needingServer name: String) -> Bool {
        isCI || serverURL(name) != nil
    }

    /// The folder of the products this test run built (`endpointgen`, `Modules/`, `EndpointRuntime.build/`), e.g.
    /// `.build/x86_64-unknown-linux-gnu/debug`: the folder holding the test bundle, under XCTest and Swift Testing alike.
    public static let productsFolder: URL = {
        // Linux: the test bundle is the executable itself (`…/debug/EndpointGenPackageTests.xctest`), and `Bundle.main`
        // is the folder holding it. macOS: the runner (`xctest`, or `swiftpm-testing-helper` for Swift Testing) is
        // `Bundle.main` and lives in Xcode; the test bundle is the one holding this code, loaded into it.
        // Failing all, `.build/debug`: SwiftPM's link to the default debug build (not a `--scratch-path` one).
        let candidates = [Bundle(for: BundleAnchor.self).bundleURL] + Bundle.allBundles.map(\.bundleURL)
            + [Bundle.main.executableURL, Bundle.main.bundleURL].compactMap { $0 }
        return productsFolder(amongBundles: candidates) ?? repositoryRoot.appendingPathComponent(".build/debug", isDirectory: true)
    }()

    /// The folder holding the first `.xctest` bundle on any of `urls`: a bundle folder
    /// (`…/debug/X.xctest`), its executable (`…/debug/X.xctest/Contents/MacOS/X`), or the executable that is the
    /// bundle on Linux (`…/debug/X.xctest`). `nil` when none is in a test bundle.
    public static func productsFolder(amongBundles urls: [URL]) -> URL? {
        for url in urls {
            let components = url.standardizedFileURL.pathComponents
            guard let bundle = components.firstIndex(where: { $0.hasSuffix(".xctest") && $0 != ".xctest" }) else { continue }
            return URL(fileURLWithPath: NSString.path(withComponents: Array(components[..<bundle])), isDirectory: true)
        }
        return nil
    }

    /// A class of this module, so `Bundle(for:)` finds the test bundle it is linked into.
    private final class BundleAnchor {}
}
