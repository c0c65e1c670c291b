import Foundation
import TestSupport
import XCTest

/// The duet CLI's own dual-source test tree (duet-tools' `mini-dual`: its manifest with a chain and
/// a presentation ledger, the greeter's Swift and Kotlin twins) through the built `duet-verify lint`,
/// and each edit the duet CLI's lint tests make to its sources to break declaration parity: the
/// same names are reported on each side.
final class DuetMiniDualEndToEndTests: XCTestCase {
  static let swiftPath = "src-ios/Sources/GreeterFeature/GreeterFeature.swift"
  static let kotlinPath = "src-android/feature-greeter/src/main/kotlin/com/mini/greeter/GreeterFeature.kt"

  func miniDual() throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    try repository.write("parity/manifest.yaml", DuetTestTreeManifests.dual)
    for (path, text) in DuetTestTreeManifests.dualFiles { try repository.write(path, text) }
    return repository
  }

  /// Lint's problem lines, without the two placeholder recordings' (the duet CLI's tree holds
  /// placeholders, not recordings; only their existence is checked there).
  func problems(_ repository: TemporaryRepository) throws -> [String] {
    let run = try repository.verify(["lint"])
    return run.out.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("✗") && !$0.hasPrefix("✗ parity/fixtures/")
    }
  }

  func testTheTreeReadsAsTheDuetCLIReadsItAndItsTwinsMatch() throws {
    let repository = try miniDual()
    let run = try repository.verify(["lint"])
    XCTAssertEqual(try problems(repository), [], run.out)
    XCTAssertFalse(run.out.contains("warning:"), run.out)
    // The only problems: the placeholders are not recordings.
    assertContains(run.out, "✗ parity/fixtures/greeter.fixture.json: fixture is not a key the fixture dialect defines")
    assertContains(run.out, "FAIL (2 problems)")
  }

  func testEachOfTheDuetCLIsDeclarationBreaksIsReportedWithTheSameNames() throws {
    // Each break, and what its one problem says (the duet CLI's names: swift-only and kotlin-only).
    let breaks: [(file: String, old: String, new: String, says: [String])] = [
      (
        Self.kotlinPath, "val waveCount", "val waves",
        ["state: 'GreeterState' of feature 'greeter' differs", "swift-only=[waveCount (", "kotlin-only=[waves ("]
      ),
      (
        Self.kotlinPath, "data class Reset", "data class ResetAll",
        ["action: 'GreeterAction' of feature 'greeter' differs", "swift-only=[reset (", "kotlin-only=[resetAll ("]
      ),
      (
        Self.kotlinPath, "data class Log", "data class Emit",
        [
          "effectPayload: 'GreeterEffectPayload' of feature 'greeter' differs", "swift-only=[log (",
          "kotlin-only=[emit (",
        ]
      ),
      (
        Self.swiftPath, "public enum GreeterAction", "public enum GreeterActions",
        ["action: 'GreeterAction' of feature 'greeter': declaration not found in \(Self.swiftPath)"]
      ),
    ]
    for edit in breaks {
      let repository = try miniDual()
      try repository.edit(edit.file, replacing: edit.old, with: edit.new)
      let found = try problems(repository)
      XCTAssertEqual(found.count, 1, "\(edit.new): \(found)")
      for text in edit.says { assertContains(found.first ?? "", text) }
    }
  }
}
