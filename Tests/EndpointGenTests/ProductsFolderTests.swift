import Foundation
import Testing
import TestSupport

/// Tests find the built products (`endpointgen`, `Modules/`) in the folder holding the test bundle, wherever the
/// test runner lives: on Linux the bundle is the test executable, on macOS a folder loaded into Xcode's runner.
@Suite struct ProductsFolderTests {
    @Test func thisRunFindsTheProductsItBuilt() {
        let folder = TestEnvironment.productsFolder
        let fallback = TestEnvironment.repositoryRoot.appendingPathComponent(".build/debug", isDirectory: true)
        #expect(folder.standardizedFileURL != fallback.standardizedFileURL, "found through the .build/debug fallback, not the test bundle")
        #expect(FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("endpointgen").path), "\(folder.path)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules/EndpointRuntime.swiftmodule").path))
    }

    @Test func theLinuxTestExecutableIsTheBundle() {
        let executable = URL(fileURLWithPath: "/src/.build/x86_64-unknown-linux-gnu/debug/EndpointGenPackageTests.xctest")
        let main = executable.deletingLastPathComponent()
        #expect(TestEnvironment.productsFolder(amongBundles: [main, executable])?.path == "/src/.build/x86_64-unknown-linux-gnu/debug")
    }

    /// The runner is `Bundle.main` on macOS: XCTest's `xctest` and SwiftPM's Swift Testing helper live in Xcode.
    @Test func aMacOSTestBundleIsFoundBesideItsRunner() {
        let runner = URL(fileURLWithPath: "/Applications/Xcode.app/Contents/Developer/usr/bin/xctest")
        let bundle = URL(fileURLWithPath: "/src/.build/arm64-apple-macosx/debug/EndpointGenPackageTests.xctest")
        let executable = bundle.appendingPathComponent("Contents/MacOS/EndpointGenPackageTests")
        #expect(TestEnvironment.productsFolder(amongBundles: [runner, bundle])?.path == "/src/.build/arm64-apple-macosx/debug")
        #expect(TestEnvironment.productsFolder(amongBundles: [runner, executable])?.path == "/src/.build/arm64-apple-macosx/debug")
        #expect(TestEnvironment.productsFolder(amongBundles: [runner]) == nil)
    }
}
