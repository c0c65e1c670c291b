import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

final class MutationCacheTests: XCTestCase {
  private let mutant = Mutant(
    id: "1", mutationOperator: .relationalBoundary, file: "Sources/A/A.swift",
    start: SourcePosition(line: 3, column: 8),
    end: SourcePosition(line: 3, column: 9), original: "<", replacement: "<=", originalLine: "if a < b {",
    mutatedLine: "if a <= b {", schematized: true)

  private func key(_ mutant: Mutant, text: String = "if a < b {", bytes: [UInt8] = [1]) -> String {
    MutationCache.key(mutant, fileText: text, recordings: ["r"]) { _ in bytes }
  }

  func testTheKeyChangesWithTheFileTheChangeOrTheRecordingsButNotWithTheId() {
    let base = key(mutant)
    var renumbered = mutant
    renumbered.id = "9"
    XCTAssertEqual(key(renumbered), base)
    var other = mutant
    other.replacement = ">"
    XCTAssertNotEqual(key(other), base)
    XCTAssertNotEqual(key(mutant, text: "if a < c {"), base)
    XCTAssertNotEqual(key(mutant, bytes: [2]), base)
  }

  func testACacheWrittenUnderRunsIsReadBackAndAMissingOneIsEmpty() throws {
    let folder = try TemporaryFolder(prefix: "duet-verify-mutation-cache")
    _ = try folder.write("manifest.yaml", "features: {}\n")
    let location = ManifestLocation(file: folder.url.appendingPathComponent("manifest.yaml"))
    XCTAssertTrue(MutationCache.read(location).entries.isEmpty)
    let result = MutantResult(
      mutant: mutant, status: .killed, recording: "r", step: 0, features: ["a"], recordings: ["r"], scenarios: [],
      millis: 5)
    try MutationCache(entries: ["k": result]).write(location)
    XCTAssertEqual(MutationCache.read(location).entries["k"]?.status, .killed)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".runs/mutate/cache.json").path))
  }
}
