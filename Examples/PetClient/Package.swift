// swift-tools-version:6.0
import PackageDescription

// A consumer of EndpointGen: the PetAPI target holds a spec, Pets.endpoints.yaml, and the build tool
// plugin generates its client on every `swift build` and `swift test`.
let package = Package(
    name: "PetClient",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "EndpointGen", path: "../.."),
    ],
    targets: [
        .target(
            name: "PetAPI",
            dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            plugins: [.plugin(name: "EndpointGenPlugin", package: "EndpointGen")]
        ),
        .testTarget(
            name: "PetAPITests",
            // The stub transport is in EndpointRuntimeTesting, a product for test targets only.
            dependencies: [
                "PetAPI", .product(name: "EndpointRuntime", package: "EndpointGen"),
                .product(name: "EndpointRuntimeTesting", package: "EndpointGen"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
