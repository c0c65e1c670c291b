import Foundation
import TestSupport
import XCTest

/// `--shard K/N` splits by cost: by each recording's size by default, by measured durations with
/// `--timings FILE` (written by `--write-timings FILE`).
final class BalancedSharesEndToEndTests: XCTestCase {
  /// `counter` (2.9 kB) outweighs the other three together (1.4 + 0.8 + 0.8 kB): alone in the first
  /// share, the rest in the second.
  func testSharesAreBalancedByRecordingSize() throws {
    let repository = try TemporaryRepository.counterCorpus()
    let runner = try BuiltProducts.executable(named: "demo-runner").path
    let first = try repository.verify(["verify", "--shard", "1/2", "--json", "--runner", runner])
    let second = try repository.verify(["verify", "--shard", "2/2", "--json", "--runner", runner])
    assertContains(first.out, #""names":["counter"]"#)
    assertContains(
      second.out, #""names":["counter-endings.changes-its-mind","counter-endings.keeps-counting","chain-ping-pong"]"#)
  }

  func testATimingsFileWrittenByVerifyBalancesSharesByMeasuredDurations() throws {
    let repository = try TemporaryRepository.counterCorpus()
    let runner = try BuiltProducts.executable(named: "demo-runner").path
    let written = try repository.verify(["verify", "--write-timings", "timings.json", "--runner", runner])
    XCTAssertEqual(written.code, 0, written.all)
    let timings = try repository.read("timings.json")
    for name in ["counter", "counter-endings.changes-its-mind", "counter-endings.keeps-counting", "chain-ping-pong"] {
      assertContains(timings, "\"\(name)\":")
    }
    // Measured: the chain is the slow one, so it goes alone, whatever the sizes say.
    try repository.write(
      "timings.json",
      #"{"durationsMillis":{"chain-ping-pong":900,"counter":20,"counter-endings.changes-its-mind":10,"#
        + #""counter-endings.keeps-counting":10}}"#)
    let first = try repository.verify([
      "verify", "--shard", "1/2", "--timings", "timings.json", "--json", "--runner", runner,
    ])
    XCTAssertEqual(first.code, 0, first.all)
    assertContains(first.out, #""names":["chain-ping-pong"]"#)
  }

  func testAnUnreadableTimingsFileIsAUsageErrorWithASentence() throws {
    let repository = try TemporaryRepository.counterCorpus()
    let run = try repository.verify([
      "verify", "--shard", "1/2", "--timings", "missing.json", "--runner",
      try BuiltProducts.executable(named: "demo-runner").path,
    ])
    XCTAssertEqual(run.code, 2, run.all)
    assertContains(
      run.error,
      "duet-verify: cannot read the timings file missing.json. Write one with duet-verify verify --write-timings "
        + "missing.json (or merge --write-timings), or drop --timings.")
  }
}
