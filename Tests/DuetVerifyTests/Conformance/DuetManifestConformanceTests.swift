import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// One manifest both tools accept: every input of ``DuetManifestConformanceCases`` is read the way
/// the duet CLI reads it (features, recordings, chains, or a rejection), or refused for a safety
/// reason docs/manifest.md lists. One failure names every disagreeing input at once.
final class DuetManifestConformanceTests: XCTestCase {
  static let location = ManifestLocation(file: URL(fileURLWithPath: "/repo/manifest.yaml"))

  func testEveryConformanceInputIsReadAsTheDuetCLIReadsItOrRefusedForADocumentedReason() {
    let cases = DuetManifestConformanceCases.all
    let disagreements = cases.compactMap { item in Self.disagreement(item).map { "- \(item.input): \($0)" } }
    XCTAssertTrue(
      disagreements.isEmpty,
      "\(disagreements.count) of \(cases.count) inputs are not read as the conformance table says:\n"
        + disagreements.joined(separator: "\n"))
  }

  func testEveryInputOfTheDuetCLIsParserAndLintTestsIsInTheSuite() {
    // ManifestParserTests: 13 manifest texts over 12 tests; ManifestLintTests: 36 tests.
    XCTAssertEqual(DuetManifestConformanceCases.duetParserTests.count, 13)
    XCTAssertEqual(DuetManifestConformanceCases.duetLintTests.count, 36)
    let names = DuetManifestConformanceCases.all.map(\.input)
    XCTAssertEqual(Set(names).count, names.count, "two inputs share a name: the report could not tell them apart")
  }

  func testTheConformanceTableInTheDocsHasARowForEveryInput() throws {
    let file = SharedReference.repositoryRoot.appendingPathComponent("docs/manifest-conformance.md")
    let table = try String(contentsOf: file, encoding: .utf8)
    let missing = DuetManifestConformanceCases.all.map(Self.tableRow).filter { !table.contains($0) }
    XCTAssertTrue(
      missing.isEmpty,
      "docs/manifest-conformance.md lacks \(missing.count) rows (or they changed); write them as:\n"
        + missing.joined(separator: "\n"))
  }

  /// What is wrong with duet-verify's reading of `item` (or with its manifest file), or nil when it
  /// is what the table says.
  static func disagreement(_ item: DuetManifestConformanceCase) -> String? {
    do { return disagreement(item, reading: try item.text.get()) } catch { return error.description }
  }

  /// What is wrong with duet-verify's reading of `text`, `item`'s manifest, or nil.
  static func disagreement(_ item: DuetManifestConformanceCase, reading text: String) -> String? {
    let read = ManifestReader.read(text, location: location)
    let problems = read.problems.map(\.description)
    let warnings = read.manifest.warnings.map(\.description)
    let features = read.manifest.features.map {
      DuetManifestConformanceCase.Feature($0.name, $0.fixtures.map(\.name))
    }
    let chains = read.manifest.chains.map(\.name)
    let seen = "problems \(problems), warnings \(warnings)"
    func warned(_ text: String) -> String? {
      warnings.contains { $0.contains(text) } ? nil : "no warning contains '\(text)'; \(seen)"
    }
    switch (item.duet, item.ours) {
    case (_, .refuses(let reason)):
      return problems.contains { $0.contains(reason) } ? nil : "not refused with '\(reason)'; \(seen)"
    case (.rejects, .same):
      return problems.isEmpty ? "accepted, but the duet CLI rejects it; \(seen)" : nil
    case (.rejects, .warns(let warning)):
      return problems.isEmpty ? warned(warning) : "refused, where a warning was expected; \(seen)"
    case (.accepts, .differsWithWarning(let warning)):
      return problems.isEmpty ? warned(warning) : "refused, where the duet CLI accepts it; \(seen)"
    case (.rejects, .differsWithWarning):
      return "a rejection is not a documented difference"
    case (.accepts(let expected, let expectedChains), let ours):
      if !problems.isEmpty { return "refused, where the duet CLI accepts it; \(seen)" }
      if features != expected || chains != expectedChains {
        return "read features \(features) and chains \(chains); the duet CLI reads \(expected) and \(expectedChains)"
      }
      if case .warns(let warning) = ours { return warned(warning) }
      // The same reading says nothing: a warning would be about a difference the table does not list.
      return warnings.isEmpty ? nil : "read the same, but with warnings \(warnings)"
    }
  }

  /// The input's row of the table in docs/manifest-conformance.md.
  static func tableRow(_ item: DuetManifestConformanceCase) -> String {
    func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
    let duet: String
    switch item.duet {
    case .rejects: duet = "rejects"
    case .accepts(let features, let chains):
      let list = features.map { "\($0.name) [\($0.fixtures.joined(separator: ", "))]" }.joined(separator: ", ")
      duet =
        "accepts: " + (list.isEmpty ? "no features" : list)
        + (chains.isEmpty ? "" : "; chains [\(chains.joined(separator: ", "))]")
    }
    let ours: String
    switch item.ours {
    case .same: ours = item.duet == .rejects ? "rejects too" : "same"
    case .refuses(let text): ours = "refuses (\"\(text)\")"
    case .warns(let text): ours = (item.duet == .rejects ? "accepts, warns" : "same, warns") + " (\"\(text)\")"
    case .differsWithWarning(let text): ours = "reads it otherwise, warns (\"\(text)\")"
    }
    return "| \(cell(item.input)) | \(cell(duet)) | \(cell(ours)) | \(cell(item.reason)) |"
  }
}
