// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "EndpointGen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "EndpointRuntime", targets: ["EndpointRuntime"]),
        // For apps' test targets only: the stub transport.
        .library(name: "EndpointRuntimeTesting", targets: ["EndpointRuntimeTesting"]),
        .executable(name: "endpointgen", targets: ["endpointgen"]),
        .plugin(name: "EndpointGenPlugin", targets: ["EndpointGenPlugin"]),
        .plugin(name: "GenerateClients", targets: ["GenerateClients"]),
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
                .copy("FileTransfers.mustache"),
            ]
        ),
        .target(name: "EndpointGenCore", dependencies: ["EndpointSpec", "Mustache", "DefaultTemplates", "Diagnostics"]),
        .target(name: "OpenAPIImport", dependencies: ["YAML", "EndpointSpec", "Diagnostics"]),
        .executableTarget(name: "endpointgen", dependencies: ["EndpointGenCore", "OpenAPIImport", "EndpointSpec", "YAML", "Diagnostics"]),

        // MARK: Plugins: they build arguments and run endpointgen (Plugins/README.md)
        .plugin(name: "EndpointGenPlugin", capability: .buildTool(), dependencies: ["endpointgen"]),
        .plugin(
            name: "GenerateClients",
            capability: .command(
                intent: .custom(verb: "generate-clients", description: "Regenerate Generated/ from Specs/*.yaml with endpointgen"),
                permissions: [.writeToPackageDirectory(reason: "endpointgen writes the generated clients into the package")]
            ),
            dependencies: ["endpointgen"]
        ),

        // MARK: The runtime generated clients stand on
        .target(name: "EndpointRuntime"),
        .target(name: "EndpointRuntimeTesting", dependencies: ["EndpointRuntime"]),

        // MARK: The clients generated from Specs/ (checked in; compiled in every build)
        .target(name: "AuthAPI", dependencies: ["EndpointRuntime"], path: "Generated/Auth"),
        .target(name: "StoreAPI", dependencies: ["EndpointRuntime"], path: "Generated/Store"),
        .target(name: "HTTPBinAPI", dependencies: ["EndpointRuntime"], path: "Generated/HTTPBin"),
        .target(name: "DatasetteAPI", dependencies: ["EndpointRuntime"], path: "Generated/Datasette"),
        .target(name: "JupyterAPI", dependencies: ["EndpointRuntime"], path: "Generated/Jupyter"),
        .target(name: "HTTPBinAuthAPI", dependencies: ["EndpointRuntime"], path: "Generated/HTTPBinAuth"),
        .target(name: "S3API", dependencies: ["EndpointRuntime"], path: "Generated/S3"),
        // Swagger 2.0: converted from the api.yaml Jupyter Server ships (Tests/JupyterSwaggerTests).
        .target(name: "JupyterSwaggerAPI", dependencies: ["EndpointRuntime"], path: "Generated/JupyterSwagger"),

        // MARK: Tests
        // Dependencies are the target's imports, plus what a test runs or compiles against: `endpointgen` (run as a
        // process), `EndpointRuntime` where generated code is compiled in the test (OpenAPIImportTests' ClientCompiler).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "Diagnostics", "TestSupport"], exclude: ["Resources"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "Diagnostics", "TestSupport"]),
        .testTarget(name: "EndpointSpecTests", dependencies: ["EndpointSpec", "Diagnostics", "TestSupport", "endpointgen"]),
        .testTarget(name: "HostileClientTests", dependencies: ["EndpointRuntime", "EndpointRuntimeTesting"], exclude: ["Hostile.yaml", "Variants.yaml"]),
        .testTarget(name: "GeneratedClientTests", dependencies: ["AuthAPI", "StoreAPI", "DatasetteAPI", "EndpointRuntime", "EndpointRuntimeTesting", "TestSupport"]),
        .testTarget(name: "EndpointGenTests", dependencies: ["EndpointGenCore", "EndpointSpec", "Mustache", "endpointgen", "TestSupport"], exclude: ["Mistakes"]),
        .testTarget(
            name: "OpenAPIImportTests",
            dependencies: ["OpenAPIImport", "EndpointGenCore", "EndpointSpec", "EndpointRuntime", "YAML", "Diagnostics", "endpointgen", "TestSupport"]
        ),
        .testTarget(name: "EndpointRuntimeTests", dependencies: ["EndpointRuntime", "EndpointRuntimeTesting", "TestSupport", "streaming-probe"]),
        // One streaming transfer in a process of its own, for StreamingTests' memory bounds.
        .executableTarget(name: "streaming-probe", dependencies: ["EndpointRuntime", "TestSupport"], path: "Tests/StreamingProbe"),
        .testTarget(name: "HTTPBinTests", dependencies: ["HTTPBinAPI", "HTTPBinAuthAPI", "EndpointRuntime", "EndpointRuntimeTesting", "TestSupport"]),
        .testTarget(name: "DatasetteTests", dependencies: ["DatasetteAPI", "EndpointRuntime", "TestSupport"]),
        .testTarget(name: "JupyterTests", dependencies: ["JupyterAPI", "EndpointRuntime", "TestSupport"]),
        .testTarget(name: "S3Tests", dependencies: ["S3API", "EndpointRuntime", "TestSupport"]),
        .testTarget(name: "JupyterSwaggerTests", dependencies: ["JupyterSwaggerAPI", "EndpointRuntime", "OpenAPIImport", "TestSupport"]),
        .testTarget(
            name: "HostileInputTests",
            dependencies: ["EndpointSpec", "YAML", "Diagnostics", "EndpointGenCore", "EndpointRuntime", "TestSupport"],
            exclude: ["Resources"]
        ),

        // MARK: Benchmarks
        // Dependencies are the imports, plus `endpointgen` where a benchmark runs it as a process and `EndpointRuntime` where
        // it compiles generated code against it (openapi-benchmark).
        .target(name: "BenchmarkSupport", path: "Benchmarks/Support"),
        .executableTarget(name: "yaml-benchmark", dependencies: ["YAML"], path: "Benchmarks/YAMLBenchmark"),
        .executableTarget(name: "mustache-benchmark", dependencies: ["Mustache"], path: "Benchmarks/MustacheBenchmark"),
        .executableTarget(name: "spec-benchmark", dependencies: ["EndpointSpec", "YAML", "BenchmarkSupport"], path: "Benchmarks/SpecBenchmark"),
        .executableTarget(
            name: "generator-benchmark", dependencies: ["EndpointGenCore", "EndpointSpec", "BenchmarkSupport", "endpointgen"],
            path: "Benchmarks/GeneratorBenchmark"
        ),
        .executableTarget(name: "runtime-benchmark", dependencies: ["EndpointRuntime", "EndpointRuntimeTesting", "BenchmarkSupport"], path: "Benchmarks/RuntimeBenchmark"),
        .executableTarget(name: "httpbin-benchmark", dependencies: ["HTTPBinAPI", "EndpointRuntime", "BenchmarkSupport"], path: "Benchmarks/HTTPBinBenchmark"),
        .executableTarget(
            name: "streaming-benchmark", dependencies: ["EndpointRuntime", "BenchmarkSupport", "TestSupport"], path: "Benchmarks/StreamingBenchmark"
        ),
        .executableTarget(name: "edit-loop-benchmark", dependencies: ["BenchmarkSupport"], path: "Benchmarks/EditLoopBenchmark"),
        .executableTarget(
            name: "openapi-benchmark", dependencies: ["OpenAPIImport", "EndpointGenCore", "EndpointRuntime", "YAML", "endpointgen"],
            path: "Benchmarks/OpenAPIBenchmark"
        ),

        // MARK: The fidelity harness (Tests/fidelity.sh): what each document's schemas are and the client that round-trips them
        .executableTarget(
            name: "fidelity-plan", dependencies: ["OpenAPIImport", "EndpointGenCore", "EndpointSpec", "Diagnostics"], path: "Tests/Fidelity/Plan"
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
