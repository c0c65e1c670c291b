import Foundation
import TestSupport
import XCTest

/// A throwaway repository for one test: a manifest listing the demo features, its fixtures folder,
/// and `duet-verify` run inside it against the demo runner (or the misbehaving one).
final class RecordRepository: TemporaryFolder {
  var root: URL { url }
  let duetVerify: URL
  let demoRunner: URL

  /// The demo runner's features, chain and recordings, as a manifest lists them.
  static let demoManifest = """
    features:
      counter:
        fixtures:
          - counter
          - counter-endings.keeps-counting
          - counter-endings.changes-its-mind
      lamp:
        fixtures:
          - lamp.dimmed-evening
          - lamp.timed-off
      ping:
        fixtures: []
      pong:
        fixtures: []
    chains:
      - chain-ping-pong

    """

  /// Every recording the demo runner's scenarios produce.
  static let demoRecordings = [
    "counter", "counter-endings.keeps-counting", "counter-endings.changes-its-mind", "lamp.dimmed-evening",
    "lamp.timed-off", "chain-ping-pong",
  ]

  init(manifest: String = RecordRepository.demoManifest) throws {
    duetVerify = try BuiltProducts.executable(named: "duet-verify")
    demoRunner = try BuiltProducts.executable(named: "demo-runner")
    try super.init(prefix: "duet-record-e2e")
    try write("manifest.yaml", manifest)
  }

  var fixtures: URL { root.appendingPathComponent("fixtures", isDirectory: true) }
  var review: URL { root.appendingPathComponent(".runs/record-check", isDirectory: true) }

  func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name + ".fixture.json") }

  func text(of name: String) throws -> String {
    try String(contentsOf: fixture(name), encoding: .utf8)
  }

  /// Replaces the first occurrence of `old` in recording `name`.
  func edit(_ name: String, replacing old: String, with new: String) throws {
    let original = try text(of: name)
    guard let range = original.range(of: old) else {
      throw XCTSkip("recording \(name) no longer holds \(old); update the test's edit")
    }
    try Data(original.replacingCharacters(in: range, with: new).utf8).write(to: fixture(name))
  }

  /// `duet-verify <arguments>` with the demo runner unless the arguments name a runner.
  @discardableResult
  func duet(_ arguments: [String]) throws -> CommandRun {
    let runner = arguments.contains("--runner") ? [] : ["--runner", demoRunner.path]
    return try CommandRun.run(duetVerify, arguments + runner, in: root)
  }

  /// The misbehaving runner as a --runner command line.
  func misbehaving(_ flags: String) throws -> [String] {
    ["--runner", try BuiltProducts.executable(named: "misbehaving-runner").path + " " + flags]
  }

  /// `duet-verify <arguments> --jobs 1` on the misbehaving runner recording counter and lamp and
  /// misbehaving as `fault` says (`--fault crash --on lamp`): one runner, so the fault is reached.
  @discardableResult
  func duetOnMisbehavingRecorder(_ arguments: [String], fault: String) throws -> CommandRun {
    try duet(arguments + ["--jobs", "1"] + misbehaving("--capabilities record --features counter,lamp " + fault))
  }

  /// Every file in a folder (hidden ones included), by name: equal snapshots mean byte-identical.
  func snapshot(_ folder: URL? = nil) -> [String: Data] {
    let folder = folder ?? fixtures
    var files: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
      files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
    }
    return files
  }
}
