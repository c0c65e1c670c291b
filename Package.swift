// swift-tools-version:6.0
// duet-verify: the parity gate for apps built the Duet way.
// No package dependencies: the toolchain's Foundation, Dispatch and XCTest only.
import PackageDescription

let package = Package(
  name: "duet-verify",
  products: [
    .executable(name: "duet-verify", targets: ["duet-verify"]),
    .executable(name: "replay-runner", targets: ["replay-runner"]),
    .library(name: "DuetCore", targets: ["DuetCore"]),
    .library(name: "DuetTelemetry", targets: ["DuetTelemetry"]),
    .library(name: "DuetScenario", targets: ["DuetScenario"]),
    .library(name: "DuetReplay", targets: ["DuetReplay"]),
    .library(name: "DuetVerify", targets: ["DuetVerify"]),
  ],
  targets: [
    // Runner side: what an app links into its own replay-runner.
    .target(name: "DuetCore"),
    .target(name: "DuetTelemetry", dependencies: ["DuetCore"]),
    .target(name: "DuetScenario", dependencies: ["DuetCore"]),
    .target(name: "DuetReplay", dependencies: ["DuetCore", "DuetScenario"]),

    // Verifier side: the client of the replay protocol (spawning, handshake, the pipelined pool),
    // then the gate.
    .target(name: "DuetRunner", dependencies: ["DuetCore"]),
    .target(name: "DuetVerify", dependencies: ["DuetCore", "DuetTelemetry", "DuetRunner"]),
    .executableTarget(name: "duet-verify", dependencies: ["DuetVerify"]),

    // The example app, served by its replay runner.
    .target(
      name: "FoyerFeatures",
      dependencies: ["DuetCore", "DuetTelemetry", "DuetScenario", "DuetReplay"]),
    .executableTarget(name: "replay-runner", dependencies: ["FoyerFeatures", "DuetReplay"]),

    // Small Duet-shaped features (counter, ping/pong) used by tests, and a runner serving them.
    .target(name: "DemoFeatures", dependencies: ["DuetCore", "DuetScenario", "DuetReplay"]),
    .executableTarget(name: "demo-runner", dependencies: ["DemoFeatures", "DuetReplay"]),
    // A deliberately faulty runner (modes by argument) for the verifier's end-to-end fault tests.
    .executableTarget(name: "misbehaving-runner", dependencies: ["DuetCore"]),

    // The benchmark: a realistic feature, its corpus generator and in-process limit, and its runner.
    .target(name: "BenchFeature", dependencies: ["DuetCore", "DuetTelemetry", "DuetReplay"]),
    .executableTarget(name: "duet-bench", dependencies: ["BenchFeature"]),
    .executableTarget(name: "bench-runner", dependencies: ["BenchFeature", "DuetReplay"]),
    // The telemetry figure: events/s and caller p99 through console + queued vendor + synchronous sink.
    .executableTarget(name: "telemetry-bench", dependencies: ["DuetTelemetry"]),

    .testTarget(name: "DuetCoreTests", dependencies: ["DuetCore"]),
    .testTarget(name: "DuetTelemetryTests", dependencies: ["DuetTelemetry", "DuetCore"]),
    .testTarget(name: "DuetScenarioTests", dependencies: ["DuetScenario", "DuetCore", "DemoFeatures"]),
    .testTarget(
      name: "DuetReplayTests", dependencies: ["DuetReplay", "DuetScenario", "DuetCore", "DemoFeatures"]),
    .testTarget(name: "DuetRunnerTests", dependencies: ["DuetRunner", "DuetCore"]),
    .testTarget(name: "DuetVerifyTests", dependencies: ["DuetVerify", "DuetRunner", "DuetCore"]),
    .testTarget(
      name: "FoyerFeaturesTests",
      dependencies: ["FoyerFeatures", "DuetCore", "DuetTelemetry", "DuetReplay", "DuetScenario"]),
    // Runs the built executables (duet-verify, replay-runner) against temporary repositories.
    .testTarget(name: "EndToEndTests", dependencies: ["DuetCore"]),
  ]
)
