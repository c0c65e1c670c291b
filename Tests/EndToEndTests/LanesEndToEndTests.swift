import Foundation
import TestSupport
import XCTest

/// Lanes, as a user runs them: the built `duet-verify` with two runners of different platforms
/// (the demo-runner announces `swift`; the misbehaving-runner announces `kotlin` and, as a core
/// that disagrees, answers every `decrement` with a count one too many) over the counter corpus.
final class LanesEndToEndTests: XCTestCase {
  func swiftRunner() throws -> String { try BuiltProducts.executable(named: "demo-runner").path }

  /// The built misbehaving-runner with `flags`, as one `--runner` value.
  func misbehavingRunner(_ flags: String) throws -> String {
    try BuiltProducts.executable(named: "misbehaving-runner").path + " " + flags
  }

  /// A Kotlin lane whose core disagrees on `decrement` (two of the three recordings decrement).
  func faultyKotlinRunner() throws -> String {
    try misbehavingRunner("--platform kotlin --fault off-by-one --on decrement")
  }

  /// `verify` over the counter corpus (no chain) with the Swift runner and `second` as a second runner.
  func verifyBesideTheSwiftRunner(_ second: String) throws -> (repository: TemporaryRepository, run: CommandRun) {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    return (repository, try repository.verify(["verify", "--runner", try swiftRunner(), "--runner", second]))
  }

  func bothLanes() throws -> [String] {
    ["--runner", try swiftRunner(), "--runner", try faultyKotlinRunner()]
  }

  func json(_ text: String) throws -> [String: Any] {
    try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
  }

  func testTwoRunnersOfTheSamePlatformIsAUsageError() throws {
    let (repository, run) = try verifyBesideTheSwiftRunner(try misbehavingRunner("--platform swift"))
    XCTAssertEqual(run.code, 2, run.all)
    assertContains(run.error, "two runners announce platform 'swift'")
    assertContains(run.error, "Give one --runner per platform.")
    XCTAssertFalse(FileManager.default.fileExists(atPath: repository.root.appendingPathComponent(".runs/verify").path))
  }

  func testEveryRecordingReplaysOnEveryLane() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let run = try repository.verify(["verify"] + (try bothLanes()))
    XCTAssertEqual(run.code, 1, run.all)
    assertContains(run.out, "duet-verify: 3/3 fixtures passed on swift, 1/3 on kotlin (")
    assertContains(run.out, "(platform swift), given with --runner\n")
    assertContains(run.out, "(platform kotlin), given with --runner\n")
    XCTAssertTrue(run.out.hasSuffix("duet-verify verify: FAIL\n"), run.out)
  }

  func testAFailureBlockNamesItsLane() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let run = try repository.verify(["verify"] + (try bothLanes()))
    assertContains(run.out, "✗ [kotlin] fixture 'counter' step 2 'decrement' — state diverged\n")
    XCTAssertFalse(run.out.contains("✗ [swift]"), run.out)
    XCTAssertTrue(run.out.contains(" --lane kotlin\n"), "next: picks the lane")
  }

  func testARecordingGreenOnOneLaneAndRedOnAnotherIsAParityBreak() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let run = try repository.verify(["verify"] + (try bothLanes()))
    assertContains(
      run.out, "✗ parity break: 'counter' passes on swift but fails on kotlin, first at step 2 expectedState.count\n")
    assertContains(
      run.out,
      "✗ parity break: 'counter-endings.changes-its-mind' passes on swift but fails on kotlin, first at step 1 "
        + "expectedState.count\n")
    XCTAssertFalse(run.out.contains("parity break: 'counter-endings.keeps-counting'"), run.out)
  }

  func testJSONCarriesPerLaneResults() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let run = try repository.verify(["verify", "--json"] + (try bothLanes()))
    XCTAssertEqual(run.code, 1, run.all)
    let document = try json(run.out)
    let lanes = try XCTUnwrap(document["lanes"] as? [[String: Any]])
    XCTAssertEqual(lanes.map { $0["platform"] as? String }, ["swift", "kotlin"])
    let summaries = lanes.compactMap { $0["summary"] as? [String: Any] }
    XCTAssertEqual(summaries.map { $0["passed"] as? Int }, [3, 1])
    XCTAssertEqual(lanes.map { ($0["fixtures"] as? [Any])?.count }, [3, 3])
    let summary = try XCTUnwrap(document["summary"] as? [String: Any])
    XCTAssertEqual(summary["verdict"] as? String, "fail")
    XCTAssertEqual((summary["parityBreaks"] as? [Any])?.count, 2)
  }

  func testJUnitHasOneSuitePerLane() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    _ = try repository.verify(["verify", "--junit", "verify.xml"] + (try bothLanes()))
    let junit = try repository.read("verify.xml")
    assertContains(junit, "<testsuites name=\"duet-verify\">")
    assertContains(junit, "<testsuite name=\"duet-verify swift\" tests=\"3\" failures=\"0\"")
    assertContains(junit, "<testsuite name=\"duet-verify kotlin\" tests=\"3\" failures=\"2\"")
    XCTAssertEqual(junit.components(separatedBy: "<testsuite ").count - 1, 2, junit)
    assertContains(junit, "classname=\"duet-verify.kotlin.counter\" name=\"counter\"")
  }

  func testLanesNeverOverwriteEachOthersRunsReport() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    _ = try repository.verify(["verify"] + (try bothLanes()))
    // A recording that passed on a lane has no report file there (its result is in the lane's summary).
    XCTAssertFalse(
      FileManager.default.fileExists(
        atPath: repository.root.appendingPathComponent(".runs/verify/lanes/swift/fixtures/counter.json").path))
    let kotlin = try repository.read(".runs/verify/lanes/kotlin/fixtures/counter.json")
    assertContains(kotlin, "\"stateDiverged\"")
    XCTAssertTrue(try repository.read(".runs/verify/lanes/kotlin/summary.json").contains("\"verdict\": \"fail\""))
    XCTAssertTrue(try repository.read(".runs/verify/lanes/swift/summary.json").contains("\"verdict\": \"pass\""))
    // explain shows the failing lane by default, and any lane on request.
    let explained = try repository.verify(["explain"])
    XCTAssertEqual(explained.code, 1, explained.all)
    assertContains(explained.out, "✗ fixture 'counter' step 2 'decrement' — state diverged")
    let swiftLane = try repository.verify(["explain", "--lane", "swift"])
    XCTAssertEqual(swiftLane.code, 0, swiftLane.all)
    assertContains(swiftLane.out, "the last run passed (3/3 fixtures)")
    let unknown = try repository.verify(["explain", "--lane", "kotlyn"])
    XCTAssertEqual(unknown.code, 2, unknown.all)
    assertContains(unknown.error, "no lane 'kotlyn'")
  }

  func testALaneStepIsExplainedOnItsOwnRunner() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let explained = try repository.verify(["explain", "counter#2", "--lane", "kotlin"] + (try bothLanes()))
    XCTAssertEqual(explained.code, 1, explained.all)
    assertContains(explained.out, "\"count\": 1")
    let both = try repository.verify(["explain", "counter#2"] + (try bothLanes()))
    XCTAssertEqual(both.code, 2, both.all)
    assertContains(both.error, "Pick one with --lane NAME.")
  }

  func testShardSplitsRecordingsNotLanes() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    var replayed: [String: [String]] = [:]
    for index in 1...2 {
      let run = try repository.verify(
        ["verify", "--json", "--shard", "\(index)/2", "--allow-empty-shard"] + (try bothLanes()))
      let lanes = try XCTUnwrap(try json(run.out)["lanes"] as? [[String: Any]], run.all)
      XCTAssertEqual(lanes.map { $0["platform"] as? String }, ["swift", "kotlin"], "every shard runs every lane")
      let names = lanes.map { lane in
        ((lane["fixtures"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
      }
      XCTAssertEqual(names[0], names[1], "both lanes replay the shard's recordings")
      for (lane, laneNames) in zip(["swift", "kotlin"], names) { replayed[lane, default: []] += laneNames }
    }
    let all = ["counter", "counter-endings.changes-its-mind", "counter-endings.keeps-counting"]
    XCTAssertEqual(replayed["swift"]?.sorted(), all)
    XCTAssertEqual(replayed["kotlin"]?.sorted(), all)
  }

  func testLaneReplaysOneLane() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let kotlin = try repository.verify(["verify", "--lane", "kotlin"] + (try bothLanes()))
    XCTAssertEqual(kotlin.code, 1, kotlin.all)
    assertContains(kotlin.out, "duet-verify: 1/3 fixtures passed")
    XCTAssertFalse(kotlin.out.contains("(platform swift)"), kotlin.out)
    let swift = try repository.verify(["verify", "--lane", "swift"] + (try bothLanes()))
    XCTAssertEqual(swift.code, 0, swift.all)
    assertContains(swift.out, "duet-verify: 3/3 fixtures passed")
    let missing = try repository.verify(["verify", "--lane", "android"] + (try bothLanes()))
    XCTAssertEqual(missing.code, 2, missing.all)
    assertContains(missing.error, "there is no lane 'android': the runners announce 'swift', 'kotlin'")
  }

  func testOneRunnerReportsWithoutLanes() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let run = try repository.verify(["verify", "--runner", try faultyKotlinRunner()])
    XCTAssertEqual(run.code, 1, run.all)
    assertContains(run.out, "duet-verify: 1/3 fixtures passed")
    XCTAssertFalse(run.out.contains("[kotlin]"), run.out)
    XCTAssertFalse(run.out.contains("parity break"), run.out)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: repository.root.appendingPathComponent(".runs/verify/lanes").path))
    // A lane report left by an earlier run with lanes goes when a one-runner run replaces it.
    _ = try repository.verify(["verify"] + (try bothLanes()))
    _ = try repository.verify(["verify", "--runner", try swiftRunner()])
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: repository.root.appendingPathComponent(".runs/verify/lanes").path))
    XCTAssertTrue(try repository.read(".runs/verify/summary.json").contains("\"name\": \"counter\""))
  }

  func testARunnerThatDoesNotStartCannotNameALane() throws {
    let (_, run) = try verifyBesideTheSwiftRunner(try misbehavingRunner("--exit-before-handshake 4"))
    XCTAssertEqual(run.code, 1, run.all)
    assertContains(run.error, "did not start, so its lane cannot be named")
  }

  /// The manifest names a runner package that cannot be built (no Package.swift): whether
  /// duet-verify tries to build it shows whether it took the manifest's runner as the Swift lane.
  func corpusWithAnUnbuildableRunnerPackage() throws -> TemporaryRepository {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.write("runner-pkg/README.md", "not a package\n")
    try repository.write("manifest.yaml", "replayRunner: runner-pkg\n" + (try repository.read("manifest.yaml")))
    return repository
  }

  func testTheManifestRunnerIsTheSwiftLaneUnlessARunnerClaimsSwift() throws {
    let repository = try corpusWithAnUnbuildableRunnerPackage()
    let kotlinOnly = try misbehavingRunner("--platform kotlin")
    let withKotlin = try repository.verify(["verify", "--runner", kotlinOnly])
    XCTAssertEqual(withKotlin.code, 1, withKotlin.all)
    assertContains(withKotlin.error, "replayRunner: runner-pkg is not a SwiftPM package")
    let claimsSwift = try repository.verify(["verify", "--runner", try swiftRunner()])
    XCTAssertEqual(claimsSwift.code, 0, claimsSwift.all)
    assertContains(claimsSwift.out, "duet-verify: 3/3 fixtures passed")
    let kotlinLane = try repository.verify(["verify", "--runner", kotlinOnly, "--lane", "kotlin"])
    XCTAssertEqual(kotlinLane.code, 0, kotlinLane.all)
  }
}
