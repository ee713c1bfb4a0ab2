// swift-tools-version:6.0
import PackageDescription

// Programs that use hdrprobe as a library, the way an app would: they depend on the repository
// by path and import only the `HDRProbe` product (its public, documented API).
// Build: swift build --package-path Examples   (CI: .ci/examples.sh)
let package = Package(
    name: "hdrprobe-examples",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "hdrprobe", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "probe-one",
            dependencies: [.product(name: "HDRProbe", package: "hdrprobe")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
