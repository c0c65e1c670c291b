import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// Manifests in the shapes the duet CLI's own test repositories use (a dual-core feature, a chain
/// named like a leaf, a presentation ledger of waivers and islands, deeper fixture items, names
/// with underscores): read to the same features, recordings and chains the duet CLI reads.
final class DuetManifestShapesTests: XCTestCase {
  let location = ManifestLocation(file: URL(fileURLWithPath: "/repo/parity/manifest.yaml"))

  func testADualCoreManifestWithAPresentationLedgerReadsLikeTheDuetCLIReadsIt() throws {
    // One feature with Swift and Kotlin twins, a pending one with deeper items, one chain, a ledger.
    let text = try ManifestFixtures.text("shapes/a-dual-core-feature-a-pending-feature-and-a-presentation-ledger")
    let read = ManifestReader.read(text, location: location)
    XCTAssertEqual(read.problems, [])
    XCTAssertEqual(read.manifest.warnings, [])
    XCTAssertEqual(read.manifest.features.map(\.name), ["greeter", "counter_main"])
    XCTAssertEqual(
      read.manifest.listedFixtures.map(\.name), ["greeter", "counter_main", "counter_main.Resets", "greeter.wave"])
    XCTAssertEqual(read.manifest.chains.map(\.name), ["greeter.wave"])
    XCTAssertEqual(
      read.manifest.features[0].kotlin?.name,
      "src-android/greeter/src/main/kotlin/com/example/greeter/GreeterFeature.kt")
    XCTAssertNotNil(read.manifest.presentation)
  }

  func testAManifestTheDuetCLIRejectsAtTheTopLevelIsRejectedHereToo() {
    for key in ["waivers", "telemetry", "feature", "version"] {
      let problems = ManifestReader.read("\(key): []\nfeatures:\n  a:\n    fixtures: []\n", location: location).problems
      XCTAssertEqual(problems.count, 1, key)
      XCTAssertEqual(problems.first?.line, 1, key)
    }
  }
}
