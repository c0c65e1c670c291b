import Foundation
import TestSupport
import XCTest

/// Output injection: text from a recording (labels, scenario source) and from a runner is printed
/// with its control characters escaped, so it can neither forge a GitHub workflow command nor reach
/// the terminal as escape sequences or NUL bytes.
final class OutputInjectionEndToEndTests: XCTestCase {
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
}
