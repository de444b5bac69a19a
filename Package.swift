// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "EndpointGen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "EndpointRuntime", targets: ["EndpointRuntime"]),
        .executable(name: "endpointgen", targets: ["endpointgen"]),
    ],
    targets: [
        // MARK: Parsing and diagnostics
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "Diagnostics"),
        .target(name: "YAML", dependencies: ["CYAML", "Diagnostics"]),
        .target(name: "Mustache", dependencies: ["Diagnostics"]),

        // MARK: The spec and the generator
        .target(name: "EndpointSpec", dependencies: ["YAML", "Diagnostics"]),
        .target(name: "EndpointGenCore", dependencies: ["EndpointSpec", "Mustache", "Diagnostics"]),
        .executableTarget(name: "endpointgen", dependencies: ["EndpointGenCore"]),

        // MARK: The runtime generated clients stand on
        .target(name: "EndpointRuntime"),
        .executableTarget(name: "runtime-benchmark", dependencies: ["EndpointRuntime"], path: "Benchmarks/RuntimeBenchmark"),

        // MARK: Tests
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML"]),
        .testTarget(name: "EndpointRuntimeTests", dependencies: ["EndpointRuntime", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
