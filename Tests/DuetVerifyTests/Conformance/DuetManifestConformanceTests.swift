import Foundation
import XCTest

@testable import DuetVerify

/// One manifest both tools accept: every input of ``DuetManifestConformanceCases`` is read the way
/// the duet CLI reads it (features, recordings, chains, or a rejection), or refused for a safety
/// reason docs/manifest.md lists.
final class DuetManifestConformanceTests: XCTestCase {
  let location = ManifestLocation(file: URL(fileURLWithPath: "/repo/manifest.yaml"))

  func testEveryConformanceInputIsReadAsTheDuetCLIReadsItOrRefusedForADocumentedReason() {
    for item in DuetManifestConformanceCases.all {
      let read = ManifestReader.read(item.text, location: location)
      let problems = read.problems.map(\.description)
      let warnings = read.manifest.warnings.map(\.description)
      let features = read.manifest.features.map {
        DuetManifestConformanceCase.Feature($0.name, $0.fixtures.map(\.name))
      }
      let chains = read.manifest.chains.map(\.name)
      let context = "\(item.input): problems \(problems), warnings \(warnings)"
      switch (item.duet, item.ours) {
      case (_, .refuses(let reason)):
        XCTAssertTrue(problems.contains { $0.contains(reason) }, context)
      case (.rejects, .same):
        XCTAssertFalse(problems.isEmpty, context)
      case (.rejects, .warns(let warning)):
        XCTAssertEqual(problems, [], context)
        XCTAssertTrue(warnings.contains { $0.contains(warning) }, context)
      case (.accepts, .differsWithWarning(let warning)):
        XCTAssertEqual(problems, [], context)
        XCTAssertTrue(warnings.contains { $0.contains(warning) }, context)
      case (.rejects, .differsWithWarning):
        XCTFail("\(item.input): a rejection is not a documented difference")
      case (.accepts(let expected, let expectedChains), let ours):
        XCTAssertEqual(problems, [], context)
        XCTAssertEqual(features, expected, context)
        XCTAssertEqual(chains, expectedChains, context)
        if case .warns(let warning) = ours {
          XCTAssertTrue(warnings.contains { $0.contains(warning) }, context)
        }
      }
    }
  }
}
