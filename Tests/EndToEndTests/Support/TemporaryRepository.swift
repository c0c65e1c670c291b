import Foundation
import TestSupport
import XCTest

/// A repository made for one test: a manifest, copies of the demo recordings, and the built tools.
final class TemporaryRepository: TemporaryFolder {
  var root: URL { url }

  init() throws {
    try super.init(prefix: "duet-verify-e2e")
  }

  /// The demo counter recordings, the ping-pong chain, and a manifest declaring them.
  static func counterCorpus(chain: Bool = true) throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    var names = ["counter", "counter-endings.changes-its-mind", "counter-endings.keeps-counting"]
    if chain { names.append("chain-ping-pong") }
    for name in names {
      try repository.copyRecording(name)
    }
    var manifest = """
      # copies of the demo recordings (Tests/Fixtures/demo)
      features:
        counter:
          fixtures:
            - counter
            - counter-endings.changes-its-mind
            - counter-endings.keeps-counting

      """
    if chain {
      manifest += "  ping:\n    fixtures: []\n  pong:\n    fixtures: []\nchains:\n  - chain-ping-pong\n"
    }
    try repository.write("manifest.yaml", manifest)
    return repository
  }

  /// Copies the demo recording `name` (`Tests/Fixtures/demo`) into this repository's `fixtures/`.
  func copyRecording(_ name: String) throws {
    let source = try DemoRecordings.file(named: name)
    let target = root.appendingPathComponent("fixtures").appendingPathComponent(source.lastPathComponent)
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: source, to: target)
  }

  /// Replaces the first occurrence of `old` in a file (the edit keeps canonical form when `old`
  /// and `new` are values of the same shape).
  func edit(_ relative: String, replacing old: String, with new: String) throws {
    let text = try read(relative)
    guard let range = text.range(of: old) else {
      XCTFail("'\(old)' not found in \(relative)")
      return
    }
    try write(relative, text.replacingCharacters(in: range, with: new))
  }

  /// Runs the built duet-verify here.
  func verify(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandRun {
    try CommandRun.run(
      try BuiltProducts.executable(named: "duet-verify"), arguments, in: root, environment: environment)
  }

  /// Adds `text` at the end of a file (a section appended to the manifest).
  func append(_ text: String, to relative: String) throws {
    try write(relative, try read(relative) + text)
  }

  /// Runs `duet-verify lint` here and checks that it passes (exit 0); the run, for what it says.
  @discardableResult
  func passingLint(file: StaticString = #filePath, line: UInt = #line) throws -> CommandRun {
    let run = try verify(["lint"])
    XCTAssertEqual(run.code, 0, run.out + run.error, file: file, line: line)
    return run
  }

  /// Runs `duet-verify lint` here and checks that it fails (exit 1); the run, for what it says.
  func failingLint(file: StaticString = #filePath, line: UInt = #line) throws -> CommandRun {
    let run = try verify(["lint"])
    XCTAssertEqual(run.code, 1, run.out + run.error, file: file, line: line)
    return run
  }
}
