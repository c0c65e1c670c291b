// swift-tools-version:6.0
// The example app's runner package, written exactly as an app that adopts duet-verify writes its own:
// it depends on duet-verify (here by path: the repository root) and builds the product
// `replay-runner`. The repository's manifest.yaml names this folder in `replayRunner:`, so a bare
// `swift run duet-verify verify` at the root builds and starts it.
import PackageDescription

let package = Package(
  name: "foyer-runner",
  dependencies: [
    // `name:` keeps the identity `duet-verify` whatever the checkout's folder is called.
    .package(name: "duet-verify", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "replay-runner",
      dependencies: [
        .product(name: "DuetReplay", package: "duet-verify"),
        .product(name: "FoyerFeatures", package: "duet-verify"),
      ])
  ]
)
