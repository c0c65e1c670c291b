import Foundation
import TestSupport
import XCTest

/// `DuetVerify` exposes only what an embedding program needs (the entry point, its output and exit
/// code, and the `.runs/` result types); everything else is internal or `package`. `DuetRunner` is
/// reached only from inside this package, so it has no public declaration at all.
final class PublicSurfaceTests: XCTestCase {
  /// The most public declarations `DuetVerify` may have (issue 13: at most 60).
  static let verifierLimit = 60

  func testTheVerifierExposesAtMostSixtyPublicDeclarations() throws {
    let found = try Self.publicDeclarations(in: "Sources/DuetVerify")
    XCTAssertLessThanOrEqual(
      found.count, Self.verifierLimit,
      "DuetVerify has \(found.count) public declarations; make new ones internal or package. First: "
        + found.prefix(5).joined(separator: "; "))
  }

  func testTheRunnerClientHasNoPublicDeclaration() throws {
    let found = try Self.publicDeclarations(in: "Sources/DuetRunner")
    XCTAssertEqual(found, [], "DuetRunner is used only inside this package: declare these package.")
  }

  func testTheCountReadsDeclarationsNotComments() {
    let text = "/// public var no\npublic struct A {\n  @inlinable public func b() {}\n  var c: Int // public d\n}\n"
    XCTAssertEqual(Self.publicLines(in: text), ["public struct A {", "@inlinable public func b() {}"])
  }

  /// `file: declaration` for each line of `folder`'s Swift files that declares something public.
  static func publicDeclarations(in folder: String) throws -> [String] {
    let root = SharedReference.repositoryRoot.appendingPathComponent(folder)
    let files = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter {
      $0.hasSuffix(".swift")
    }
    XCTAssertFalse(files.isEmpty, "no Swift files under \(folder)")
    return try files.sorted().flatMap { file in
      let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      return publicLines(in: text).map { "\(file): \($0)" }
    }
  }

  /// The trimmed lines that start (after attributes) with `public` or `open`.
  static func publicLines(in text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
      let words = line.split(separator: " ").drop { $0.hasPrefix("@") }
      return words.first == "public" || words.first == "open"
    }
  }
}
