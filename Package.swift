// swift-tools-version:6.0
// duet-verify: the parity gate for apps built the Duet way.
// No package dependencies: the toolchain's Foundation, Dispatch and XCTest only.
import PackageDescription

let package = Package(
  name: "duet-verify",
  products: [
    // The one executable product. The other executable targets (the runners, the benchmarks) are built
    // with the root package (`swift build`, `--product NAME`) but not exported: SwiftPM lets a
    // dependency's executable win over an app's own of the same name (Tests: PackageProductsTests).
    .executable(name: "duet-verify", targets: ["duet-verify"]),
    .library(name: "DuetCore", targets: ["DuetCore"]),
    .library(name: "DuetTelemetry", targets: ["DuetTelemetry"]),
    .library(name: "DuetScenario", targets: ["DuetScenario"]),
    .library(name: "DuetReplay", targets: ["DuetReplay"]),
    .library(name: "DuetVerify", targets: ["DuetVerify"]),
    // The example app's features, for Examples/foyer-runner (a package of its own, as an app's is).
    .library(name: "FoyerFeatures", targets: ["FoyerFeatures"]),
  ],
  targets: [
    // Runner side: what an app links into its own replay-runner (this package exports none of that name).
    // The conditional system imports (FoundationEssentials, the C library) said once; not a product.
    .target(name: "DuetPlatform"),
    .target(name: "DuetCore", dependencies: ["DuetPlatform"]),
    .target(name: "DuetTelemetry", dependencies: ["DuetCore", "DuetPlatform"]),
    .target(name: "DuetScenario", dependencies: ["DuetCore"]),
    .target(name: "DuetReplay", dependencies: ["DuetCore", "DuetScenario"]),

    // Verifier side: the client of the replay protocol (spawning, handshake, the pipelined pool),
    // then the gate.
    .target(name: "DuetRunner", dependencies: ["DuetCore", "DuetPlatform"]),
    .target(name: "DuetVerify", dependencies: ["DuetCore", "DuetTelemetry", "DuetRunner", "DuetPlatform"]),
    .executableTarget(name: "duet-verify", dependencies: ["DuetVerify"]),

    // The example app, served by its runner (`foyer-runner`: the name `replay-runner` is the adopting
    // app's; Examples/foyer-runner is the example's runner package as an app would write it).
    .target(
      name: "FoyerFeatures",
      dependencies: ["DuetCore", "DuetTelemetry", "DuetScenario", "DuetReplay"]),
    .executableTarget(name: "foyer-runner", dependencies: ["FoyerFeatures", "DuetReplay"]),

    // Small Duet-shaped features (counter, ping/pong) used by tests, and a runner serving them.
    .target(name: "DemoFeatures", dependencies: ["DuetCore", "DuetScenario", "DuetReplay"]),
    .executableTarget(name: "demo-runner", dependencies: ["DemoFeatures", "DuetReplay"]),
    // A deliberately faulty runner (modes by argument) for the verifier's end-to-end fault tests.
    .executableTarget(name: "misbehaving-runner", dependencies: ["DuetCore"]),

    // The benchmark: a realistic feature, its corpus generator and in-process limit, and its runner.
    .target(name: "BenchFeature", dependencies: ["DuetCore", "DuetTelemetry", "DuetReplay"]),
    .executableTarget(name: "duet-bench", dependencies: ["BenchFeature"]),
    .executableTarget(name: "bench-runner", dependencies: ["BenchFeature", "DuetReplay"]),
    // The bench's reference: the counter served through Foundation's JSON coders, as Duet's server does.
    .executableTarget(name: "duet-shaped-runner"),
    // The telemetry figure: events/s and caller p99 through console + queued vendor + synchronous sink.
    .executableTarget(name: "telemetry-bench", dependencies: ["DuetTelemetry"]),

    // Helpers several test targets share: the reference files, built products, running a process.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "DuetCoreTests", dependencies: ["DuetCore", "TestSupport"]),
    .testTarget(name: "DuetTelemetryTests", dependencies: ["DuetTelemetry", "DuetCore", "TestSupport"]),
    .testTarget(
      name: "DuetScenarioTests", dependencies: ["DuetScenario", "DuetCore", "DemoFeatures", "TestSupport"]),
    .testTarget(
      name: "DuetReplayTests",
      dependencies: ["DuetReplay", "DuetScenario", "DuetCore", "DemoFeatures", "TestSupport"]),
    .testTarget(name: "DuetRunnerTests", dependencies: ["DuetRunner", "DuetCore", "TestSupport"]),
    .testTarget(name: "DuetVerifyTests", dependencies: ["DuetVerify", "DuetRunner", "DuetCore", "TestSupport"]),
    .testTarget(
      name: "FoyerFeaturesTests",
      dependencies: ["FoyerFeatures", "DuetCore", "DuetTelemetry", "DuetReplay", "DuetScenario"]),
    // Runs the built executables (duet-verify, foyer-runner) against temporary repositories.
    .testTarget(name: "EndToEndTests", dependencies: ["DuetCore", "TestSupport"], exclude: ["MCP/client.py"]),
  ]
)
