import Foundation
import TestSupport
import XCTest

/// Output injection: text from a recording (labels, scenario source), from a runner and from a
/// committed `.runs/` is printed with its line breaks, control and format characters escaped and
/// `##[` broken, so it can neither forge a GitHub workflow command nor reach the terminal as escape
/// sequences, NUL bytes or invisible reordering.
final class OutputInjectionEndToEndTests: XCTestCase {
  /// The label the verify tests give step 2 (raw format characters: canonical JSON writes them so).
  static let hostileLabel = "decrement ##[error]legacy \u{202E}desrever\u{2028}::warning::x\u{200B}"
  static let escapedLabel = #"decrement #\u{23}[error]legacy \u{202E}desrever\u{2028}::warning::x\u{200B}"#

  func testLabelsSourcesAndRunnerTextCannotForgeAnnotationsOrReachTheTerminalRaw() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let file = "fixtures/counter.fixture.json"
    try repository.edit(
      file, replacing: #""label": "decrement""#,
      with: #""label": "decrement\n::error file=forged.swift,line=1::forged\n::add-mask::secret\u001b[31mred\u0000""#)
    try repository.edit(
      file, replacing: #""source": "Sources/DemoFeatures/Counter/CounterScenarios.swift""#,
      with: #""source": "Sources/Scenario.swift\n::warning::forged source""#)
    let runner = try BuiltProducts.executable(named: "misbehaving-runner").path
    let run = try repository.verify(
      ["verify", "--jobs", "1", "--runner", "'\(runner)' --fault error --on decrement --hostile-text"],
      environment: ["GITHUB_ACTIONS": "true"])
    XCTAssertEqual(run.code, 1, run.out + run.error)
    for line in (run.out + run.error).split(separator: "\n") {
      XCTAssertFalse(line.hasPrefix("::error file=forged"), "a forged annotation: \(line)")
      XCTAssertFalse(line.hasPrefix("::add-mask::"), "a forged mask command: \(line)")
      XCTAssertFalse(line.hasPrefix("::warning::"), "a forged warning: \(line)")
      XCTAssertFalse(line.hasPrefix("::error::forged"), "a runner forged an annotation: \(line)")
    }
    XCTAssertFalse(run.out.contains("\u{1B}"), "an escape sequence reached the terminal")
    XCTAssertFalse(run.out.contains("\u{0}"), "a NUL byte reached the terminal")
    assertContains(
      run.out, #"'decrement\n::error file=forged.swift,line=1::forged\n::add-mask::secret\u{1B}[31mred\u{0}'"#)
    assertContains(run.out, #"  scenario: Sources/Scenario.swift\n::warning::forged source:"#)
    assertContains(run.out, #"unknown feature 'counter'\n::error::forged by the runner\u{1B}[2J\u{0}"#)
  }

  func testRecordPrintsARunnersErrorTextOnOneEscapedLine() throws {
    let repository = try RecordRepository(manifest: "features:\n  counter:\n    fixtures:\n      - counter\n")
    let run = try repository.duet(
      ["record", "--jobs", "1"]
        + repository.misbehaving("--capabilities record --features counter --fault error --hostile-text"))
    XCTAssertEqual(run.code, 1, run.all)
    ForgedCommands.assertNone(in: run.all)
    assertContains(run.out, "\n  Then 'the count is one' returned false" + ForgedCommands.escapedTail + "\n")
  }

  func testRecordCheckPrintsARunnersErrorTextOnOneEscapedLine() throws {
    let repository = try RecordRepository(manifest: "features:\n  counter:\n    fixtures:\n      - counter\n")
    let run = try repository.duet(
      ["record", "--check", "--jobs", "1"]
        + repository.misbehaving("--capabilities record --features counter --fault error --hostile-text"))
    XCTAssertEqual(run.code, 1, run.all)
    ForgedCommands.assertNone(in: run.all)
    assertContains(run.out, "\n  Then 'the count is one' returned false" + ForgedCommands.escapedTail + "\n")
  }

  /// A pull request can commit `.runs/`: `explain` reads its summary as text from outside.
  func testExplainPrintsACommittedSummarysRunnerFailuresAndFlagsEscaped() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let runner = try BuiltProducts.executable(named: "misbehaving-runner").path
    let failing = try repository.verify(
      ["verify", "--jobs", "1", "--runner", "'\(runner)' --fault off-by-one --on decrement"])
    XCTAssertEqual(failing.code, 1, failing.all)
    let path = ".runs/verify/summary.json"
    let tail =
      "\n::error::forged by the runner\u{1B}[2J\u{0}\n  ::error file=forged.swift,line=1::indented\n\t::add-mask::"
      + "secret ##[error]legacy ##[stop-commands]token \u{202E}desrever\u{2069}\u{2028}::warning::separated\u{200B}\u{FEFF}"
    var summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(repository.read(path).utf8)) as? [String: Any])
    var record = try XCTUnwrap(summary["run"] as? [String: Any], "the summary holds the run's record under run")
    record["runnerFailures"] = ["a runner failed" + tail]
    record["flags"] = ["--manifest", "manifest.yaml" + tail]
    summary["run"] = record
    try repository.write(path, String(decoding: try JSONSerialization.data(withJSONObject: summary), as: UTF8.self))
    let run = try repository.verify(["explain"])
    XCTAssertEqual(run.code, 1, run.all)
    ForgedCommands.assertNone(in: run.all)
    assertContains(run.out, "✗ a runner failed" + ForgedCommands.escapedTail + "\n")
    assertContains(run.out, "--manifest 'manifest.yaml" + ForgedCommands.escapedTail + "'\n")
  }

  func testVerifyBreaksLegacyCommandsAndEscapesFormatCharactersInLabelsAndAnnotations() throws {
    let run = try Self.verifyWithHostileLabel([])
    XCTAssertEqual(run.code, 1, run.all)
    ForgedCommands.assertNone(in: run.all, allowing: ["::error file=Sources/DemoFeatures/Counter/"])
    assertContains(run.out, "\n  at expectedState.count\n")
    assertContains(
      run.out,
      "::error file=Sources/DemoFeatures/Counter/CounterScenarios.swift,line=15::fixture 'counter' step 2 '\(Self.escapedLabel)'"
    )
  }

  /// `--json` escapes the same characters as JSON escapes: the report still reads back exactly.
  func testVerifyJSONBreaksLegacyCommandsAndFormatCharactersYetReadsBackTheSameLabel() throws {
    let run = try Self.verifyWithHostileLabel(["--json"])
    XCTAssertEqual(run.code, 1, run.all)
    ForgedCommands.assertNone(in: run.all, allowing: ["::error file=Sources/DemoFeatures/Counter/"])
    let report = try JSONSerialization.jsonObject(with: Data(run.out.utf8))
    XCTAssertTrue(Self.strings(in: report).contains { $0.contains(Self.hostileLabel) }, run.out)
  }

  /// `verify` under GitHub Actions over the counter corpus whose step 2 is labelled `hostileLabel`,
  /// against a runner that gets that step wrong.
  static func verifyWithHostileLabel(_ flags: [String]) throws -> CommandRun {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.edit(
      "fixtures/counter.fixture.json", replacing: #""label": "decrement""#, with: "\"label\": \"\(hostileLabel)\"")
    let runner = try BuiltProducts.executable(named: "misbehaving-runner").path
    return try repository.verify(
      ["verify"] + flags + ["--jobs", "1", "--runner", "'\(runner)' --fault off-by-one --on decrement"],
      environment: ["GITHUB_ACTIONS": "true"])
  }

  /// Every string in a JSON tree.
  static func strings(in value: Any) -> [String] {
    if let text = value as? String { return [text] }
    if let array = value as? [Any] { return array.flatMap(strings) }
    if let object = value as? [String: Any] { return object.values.flatMap(strings) }
    return []
  }
}
