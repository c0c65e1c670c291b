import Foundation
import XCTest

@testable import DuetVerify

/// Manifests in the shapes the duet CLI's own test repositories use (a dual-core feature, a chain
/// named like a leaf, a presentation ledger of waivers and islands, deeper fixture items, names
/// with underscores): read to the same features, recordings and chains the duet CLI reads.
final class DuetManifestShapesTests: XCTestCase {
  let location = ManifestLocation(file: URL(fileURLWithPath: "/repo/parity/manifest.yaml"))

  func testADualCoreManifestWithAPresentationLedgerReadsLikeTheDuetCLIReadsIt() {
    let text = """
      # A small dual-source tree: one feature with Swift and Kotlin twins,
      # one chain, and a presentation ledger the duet CLI reads.

      features:
        greeter:
          swift: src-ios/Sources/GreeterFeature/GreeterFeature.swift
          kotlin: src-android/greeter/src/main/kotlin/com/example/greeter/GreeterFeature.kt
          state: GreeterState
          action: GreeterAction
          effectPayload: GreeterEffectPayload
          scenario: src-ios/Tests/GreeterFeatureTests/GreeterScenarioTests.swift
          fixtures:
            - greeter
        counter_main:
          kotlin: pending
          fixtures:
                - counter_main
                - counter_main.Resets

      chains:
        - greeter.wave

      presentation:
        waivers:
          - kind: greeter.banner-fade
            feature: greeter
            platform: ios
            manner: banner fade duration differs
            reason: platform animation defaults
            since: 2026-08-12
        islands:
          - id: greeter.map
            feature: greeter
            boundary: GreeterMapView
            reason: opaque map SDK view
            since: 2026-08-12

      """
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
