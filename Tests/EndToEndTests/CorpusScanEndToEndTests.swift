import Foundation
import TestSupport
import XCTest

/// One corpus scan behind every verb: `verify` fails on exactly the problems `lint` reports, for
/// each way a tree can be broken, and no verb builds or starts a runner from a path lint refuses.
final class CorpusScanEndToEndTests: XCTestCase {
  /// A broken tree: how it is broken, and a piece of the problem lint must name for it.
  struct Breakage {
    var name: String
    var expected: String
    var make: (TemporaryRepository) throws -> Void
  }

  static var breakages: [Breakage] {
    [
      Breakage(name: "a stray temporary file", expected: "fixtures/.duet-999999999-a1b2.tmp: a temporary file left") {
        _ = try $0.write("fixtures/.duet-999999999-a1b2.tmp", "{\n")
      },
      Breakage(name: "an orphan recording", expected: "(an orphan)") {
        try $0.copyRecording("lamp.timed-off")
      },
      Breakage(name: "a recording in a subfolder", expected: "fixtures/sub/counter-copy.fixture.json: this recording") {
        _ = try $0.write("fixtures/sub/counter-copy.fixture.json", try $0.read("fixtures/counter.fixture.json"))
      },
      Breakage(name: "a malformed recording", expected: "fixtures/counter-endings.keeps-counting.fixture.json") {
        _ = try $0.write("fixtures/counter-endings.keeps-counting.fixture.json", "{\"steps\": [\n")
      },
      Breakage(name: "a hand-edited recording", expected: "not in canonical pretty form") {
        try $0.edit("fixtures/counter.fixture.json", replacing: "\"count\": 1,", with: "\"count\":1,")
      },
      Breakage(name: "an event declared with no known verb", expected: "event 'Counter Exploded' does not end") {
        try $0.edit(
          "manifest.yaml", replacing: "    fixtures:\n", with: "    events:\n      - Counter Exploded\n    fixtures:\n")
      },
      Breakage(name: "a listed recording that is missing", expected: "is listed but fixtures/counter.gone") {
        try $0.edit("manifest.yaml", replacing: "      - counter\n", with: "      - counter\n      - counter.gone\n")
      },
      Breakage(name: "a scenario path leaving the repository", expected: "uses '..', which could leave") {
        try $0.edit(
          "manifest.yaml", replacing: "    fixtures:\n", with: "    scenario: ../Elsewhere.swift\n    fixtures:\n")
      },
    ]
  }

  func testVerifyFailsOnExactlyTheProblemsLintReportsForEveryBrokenTree() throws {
    let runner = try BuiltProducts.executable(named: "demo-runner").path
    for breakage in Self.breakages {
      let repository = try TemporaryRepository.counterCorpus(chain: false)
      try breakage.make(repository)
      let lint = try repository.verify(["lint", "--json"])
      let verify = try repository.verify(["verify", "--json", "--runner", runner])
      let linted = try Self.lintProblems(lint.out)
      XCTAssertEqual(lint.code, 1, "\(breakage.name): lint must fail\n\(lint.all)")
      XCTAssertTrue(
        linted.contains { $0.contains(breakage.expected) },
        "\(breakage.name): lint must name it (\(breakage.expected))\n\(linted.joined(separator: "\n"))")
      XCTAssertEqual(verify.code, 1, "\(breakage.name): verify must fail\n\(verify.all)")
      XCTAssertEqual(
        try Self.verifyProblems(verify.out), linted, "\(breakage.name): verify must report exactly lint's problems")
    }
  }

  /// `lint --json`'s problems, each as `file:line:column: message`.
  static func lintProblems(_ json: String) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return rendered(object?["problems"] as? [[String: Any]] ?? [])
  }

  /// `verify --json`'s lint problems (`summary.lint`: the same objects `lint --json` lists), rendered alike.
  static func verifyProblems(_ json: String) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    guard let problems = (object?["summary"] as? [String: Any])?["lint"] as? [[String: Any]] else {
      return ["(no summary.lint in: \(json))"]
    }
    return rendered(problems)
  }

  static func rendered(_ problems: [[String: Any]]) -> [String] {
    problems.map { problem in
      var text = problem["file"] as? String ?? ""
      if let line = problem["line"] as? Int { text += ":\(line)" }
      if let column = problem["column"] as? Int { text += ":\(column)" }
      return text + ": " + (problem["message"] as? String ?? "")
    }
  }

  /// `replayRunner:` a committed link to a package outside the repository: lint refuses it, and so
  /// does every verb that would build or start a runner, before building anything there.
  func testAReplayRunnerLinkLeavingTheRepositoryIsNeverBuiltByAnyVerb() throws {
    let outside = try OutsideFolder()
    try Data(
      """
      // swift-tools-version:6.0
      import PackageDescription
      let package = Package(
        name: "elsewhere", products: [.executable(name: "replay-runner", targets: ["replay-runner"])],
        targets: [.executableTarget(name: "replay-runner")])

      """.utf8
    ).write(to: outside.url.appendingPathComponent("Package.swift"))
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try outside.link("runner", under: repository.root)
    _ = try repository.write("Tests/CounterScenarios.swift", "// the counter's scenarios\n")
    try repository.write(
      "manifest.yaml",
      "replayRunner: runner\n"
        + (try repository.read("manifest.yaml")).replacingOccurrences(
          of: "    fixtures:\n", with: "    scenario: Tests/CounterScenarios.swift\n    fixtures:\n"))
    let lint = try repository.verify(["lint"])
    XCTAssertEqual(lint.code, 1, lint.all)
    let refusal = "manifest.yaml:1: replayRunner 'runner' is a link that leads outside the repository."
    assertContains(lint.out, refusal)
    for arguments in [["verify"], ["record"], ["record", "--check"], ["explain", "counter#0"]] {
      let run = try repository.verify(arguments)
      XCTAssertEqual(run.code, 1, "\(arguments): \(run.all)")
      assertContains(run.all, refusal)
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: outside.url.appendingPathComponent(".build").path),
        "\(arguments) built the package outside the repository")
    }
  }
}
