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
        .target(
            name: "DefaultTemplates",
            path: "Templates",
            resources: [
                .copy("Client.swift.mustache"), .copy("Endpoints.swift.mustache"),
                .copy("Models.swift.mustache"), .copy("Fake.swift.mustache"),
            ]
        ),
        .target(name: "EndpointGenCore", dependencies: ["EndpointSpec", "Mustache", "DefaultTemplates", "Diagnostics"]),
        .executableTarget(name: "endpointgen", dependencies: ["EndpointGenCore"]),

        // MARK: The runtime generated clients stand on
        .target(name: "EndpointRuntime"),
        .executableTarget(name: "runtime-benchmark", dependencies: ["EndpointRuntime"], path: "Benchmarks/RuntimeBenchmark"),

        // MARK: Tests
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "TestSupport"], exclude: ["Resources"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "TestSupport"]),
        .testTarget(name: "EndpointSpecTests", dependencies: ["EndpointSpec", "TestSupport"]),
        .testTarget(name: "EndpointGenTests", dependencies: ["EndpointGenCore", "endpointgen", "TestSupport"]),

        // MARK: Benchmarks
        .executableTarget(name: "yaml-benchmark", dependencies: ["YAML"], path: "Benchmarks/YAMLBenchmark"),
        .executableTarget(name: "mustache-benchmark", dependencies: ["Mustache"], path: "Benchmarks/MustacheBenchmark"),
        .executableTarget(name: "spec-benchmark", dependencies: ["EndpointSpec", "YAML"], path: "Benchmarks/SpecBenchmark"),
        .testTarget(name: "EndpointRuntimeTests", dependencies: ["EndpointRuntime", "TestSupport"]),
        .testTarget(
            name: "HostileInputTests",
            dependencies: ["EndpointSpec", "YAML", "Diagnostics", "EndpointGenCore", "EndpointRuntime", "TestSupport"],
            exclude: ["Resources"]
        ),

        // MARK: Fuzzing (Tests/Fuzz/run.sh builds each with -sanitize=fuzzer,address -DFUZZING; plain builds replay files)
        .target(name: "FuzzSupport", dependencies: ["Diagnostics"], path: "Tests/Fuzz/FuzzSupport"),
        .executableTarget(name: "fuzz-yaml", dependencies: ["YAML", "FuzzSupport"], path: "Tests/Fuzz/YAMLFuzz"),
        .executableTarget(name: "fuzz-spec", dependencies: ["EndpointSpec", "FuzzSupport"], path: "Tests/Fuzz/SpecFuzz"),
        .executableTarget(name: "fuzz-mustache", dependencies: ["Mustache", "FuzzSupport"], path: "Tests/Fuzz/MustacheFuzz"),
        .executableTarget(
            name: "fuzz-generate", dependencies: ["EndpointGenCore", "EndpointSpec", "FuzzSupport"], path: "Tests/Fuzz/GenerateFuzz"
        ),
    ],
    swiftLanguageModes: [.v6]
)
