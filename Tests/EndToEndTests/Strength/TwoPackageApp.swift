import Foundation
import TestSupport

/// A throwaway app laid out as real apps often are: its reducers in a package of their own
/// (`core/`, module `TallyFeatures`, the ``TallyApp`` feature) and its runner package beside it
/// (`runner/`), which depends on the core by `.package(path: "../core")`. The manifest and the
/// recordings sit in the folder above both, as in a repository holding the two packages.
struct TwoPackageApp {
  var root: URL

  static let featureFile = "core/Sources/TallyFeatures/TallyFeature.swift"

  static func write(into root: URL) throws -> TwoPackageApp {
    let files = [
      "core/Package.swift": coreManifest, featureFile: TallyApp.feature,
      "core/Sources/TallyFeatures/TallyRegistry.swift": TallyApp.registry,
      "runner/Package.swift": runnerManifest, "runner/Sources/replay-runner/main.swift": TallyApp.main,
      "manifest.yaml": TallyApp.manifest.replacingOccurrences(of: "replayRunner: .", with: "replayRunner: runner")
        .replacingOccurrences(of: "swift: Sources/", with: "swift: core/Sources/"),
      "fixtures/tally.bumps.fixture.json": TallyApp.recording,
    ]
    try FileTree.write(files, under: root)
    return TwoPackageApp(root: root)
  }

  /// The 1-based line of `text`'s first occurrence in the feature file.
  static func line(of text: String) -> Int {
    (TallyApp.feature.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) } ?? -1)
      + 1
  }

  func tree() -> [String: Data] { FileTree.snapshot(root) }

  static var coreManifest: String {
    """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "core",
      products: [.library(name: "TallyFeatures", targets: ["TallyFeatures"])],
      dependencies: [.package(name: "duet-verify", path: "\(SharedReference.repositoryRoot.path)")],
      targets: [
        .target(
          name: "TallyFeatures",
          dependencies: ["DuetCore", "DuetScenario", "DuetReplay"].map { .product(name: $0, package: "duet-verify") })
      ]
    )

    """
  }

  static var runnerManifest: String {
    """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "runner",
      dependencies: [
        .package(path: "../core"), .package(name: "duet-verify", path: "\(SharedReference.repositoryRoot.path)"),
      ],
      targets: [
        .executableTarget(
          name: "replay-runner",
          dependencies: [
            .product(name: "TallyFeatures", package: "core"), .product(name: "DuetReplay", package: "duet-verify"),
          ])
      ]
    )

    """
  }
}
