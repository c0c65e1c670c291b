import Foundation
import TestSupport
import XCTest

/// A throwaway runner package for the tests that build one with the real `swift`: `runner/`
/// (`replay-runner`, handing over to the built misbehaving-runner) depending by path on `marker/`,
/// whose `Marker` library names the runner to hand over to and the platform to announce.
extension TemporaryRepository {
  /// Throws XCTSkip when real builds are not wanted (DUET_SKIP_ADOPTER=1) or `swift` is not on PATH.
  static func requireRealBuilds() throws {
    if let skip = RealBuilds.skipReason("runner", purpose: "this test builds a throwaway runner package") {
      throw XCTSkip(skip)
    }
  }

  /// The counter corpus with `replayRunner: runner` and the two packages; `library` is Marker's
  /// library type (`.dynamic` or none) and `marker` its source.
  static func withRunnerPackage(marker: String, library: String = "") throws -> TemporaryRepository {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.write("manifest.yaml", "replayRunner: runner\n" + (try repository.read("manifest.yaml")))
    try repository.write("runner/Package.swift", runnerManifest)
    try repository.write("runner/Sources/replay-runner/main.swift", runnerMain)
    try repository.write("marker/Package.swift", markerManifest(library: library))
    try repository.write("marker/Sources/Marker/Marker.swift", marker)
    return repository
  }

  static let runnerManifest = """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "runner",
      dependencies: [.package(name: "marker", path: "../marker")],
      targets: [
        .executableTarget(name: "replay-runner", dependencies: [.product(name: "Marker", package: "marker")])
      ]
    )

    """

  static let runnerMain = """
    import Glibc
    import Marker

    // Hands over to a conforming runner, announcing the platform the path dependency names.
    var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(handOver), strdup("--platform"), strdup(platform), nil]
    execv(handOver, &arguments)
    perror("execv")
    exit(127)

    """

  static func markerManifest(library type: String) -> String {
    """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "marker",
      products: [.library(name: "Marker", \(type.isEmpty ? "" : "type: \(type), ")targets: ["Marker"])],
      targets: [.target(name: "Marker")]
    )

    """
  }
}
