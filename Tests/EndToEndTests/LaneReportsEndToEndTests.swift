import Foundation
import TestSupport
import XCTest

/// Lane reports a user can act on, through the built `duet-verify` with a Swift lane (demo-runner)
/// and a Kotlin lane whose core disagrees on `decrement`: every `next:` command any report prints
/// is one that runs as printed, the HTML page lists the parity breaks, and the same runner twice is
/// refused.
final class LaneReportsEndToEndTests: XCTestCase {
  func swiftRunner() throws -> String { try BuiltProducts.executable(named: "demo-runner").path }

  func kotlinRunner() throws -> String {
    try BuiltProducts.executable(named: "misbehaving-runner").path
      + " --platform kotlin --fault off-by-one --on decrement"
  }

  func bothLanes() throws -> [String] { ["--runner", try swiftRunner(), "--runner", try kotlinRunner()] }

  /// The `next:` commands in `text`, one per line that has one (after `next: `, up to the line's end).
  static func nextCommands(in text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      line.range(of: "next: ").map { String(line[$0.upperBound...]) }
    }
  }

  /// Markup text as written: the references the HTML and XML reports use, undone.
  static func unescaped(_ text: String) -> String {
    var text = text
    for (reference, character) in [
      ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&amp;", "&"),
    ] {
      text = text.replacingOccurrences(of: reference, with: character)
    }
    return text
  }

  /// Runs a printed command line as a user pastes it into a shell, with the built `duet-verify`
  /// first on the PATH.
  static func runPrinted(_ command: String, in repository: TemporaryRepository) throws -> CommandRun {
    let products = try BuiltProducts.executable(named: "duet-verify").deletingLastPathComponent().path
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return try CommandRun.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: repository.root,
      environment: ["PATH": products + ":" + path])
  }

  func testEveryNextCommandOfATwoLaneRunReproducesItsFailureOnItsLane() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let run = try repository.verify(
      ["verify", "--junit", "reports/verify.xml", "--html", "reports/parity.html"] + (try bothLanes()))
    XCTAssertEqual(run.code, 1, run.all)
    let explained = try repository.verify(["explain"])
    let annotated = try repository.verify(["verify"] + (try bothLanes()), environment: ["GITHUB_ACTIONS": "true"])
    let annotations = annotated.out.split(separator: "\n").filter { $0.hasPrefix("::error") }.map {
      $0.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%25", with: "%")
    }
    let html = try repository.read("reports/parity.html")
    let htmlNext = html.components(separatedBy: "<dt>next</dt><dd><code>").dropFirst().compactMap {
      $0.components(separatedBy: "</code>").first.map(Self.unescaped)
    }
    let sources: [(report: String, commands: [String])] = [
      ("terminal", Self.nextCommands(in: run.out)),
      (
        "JUnit",
        Self.nextCommands(
          in: Self.unescaped(try repository.read("reports/verify.xml").replacingOccurrences(of: "</", with: "\n</")))
      ),
      ("HTML", htmlNext),
      (".runs/ (explain)", Self.nextCommands(in: explained.out)),
      ("annotations", annotations.flatMap { Self.nextCommands(in: $0) }),
    ]
    for (report, commands) in sources {
      XCTAssertFalse(commands.isEmpty, "the \(report) report shows no next: command")
      for command in commands {
        XCTAssertTrue(command.hasPrefix("duet-verify explain counter"), "\(report): \(command)")
        assertContains(command, " --lane kotlin")
        assertContains(command, "--runner ")
        let again = try Self.runPrinted(command, in: repository)
        XCTAssertEqual(again.code, 1, "\(report): `\(command)` should replay the failing step: \(again.all)")
      }
    }
  }

  func testTheHTMLPageOfATwoLaneRunListsEachParityBreakWithItsFirstDivergence() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    _ = try repository.verify(["verify", "--html", "parity.html"] + (try bothLanes()))
    let html = try repository.read("parity.html")
    let section = HTMLScan.section(html, from: "<section id=\"parity-breaks\">", to: "</section>")
    assertContains(section, "<h2>Parity breaks (2)</h2>")
    let rows = section.components(separatedBy: "<tr class=\"parity-row\">").dropFirst()
    XCTAssertEqual(rows.count, 2, section)
    let counter = try XCTUnwrap(rows.first { $0.contains("<code>counter</code>") }, section)
    assertContains(counter, "<td class=\"pass\">✓ swift</td><td class=\"fail\">✗ kotlin</td>")
    assertContains(counter, ">step 2 on kotlin</a>")
    assertContains(counter, "<code>expectedState.count</code>")
    XCTAssertFalse(section.contains("counter-endings.keeps-counting"), "green on both lanes: no parity break")
    // The step links to the red lane's failure block on the page.
    let anchor = try XCTUnwrap(
      counter.components(separatedBy: "<a href=\"#").dropFirst().first?.split(separator: "\"").first)
    assertContains(html, "<article class=\"failure\" id=\"\(anchor)\">")
  }

  func testTheHTMLPageOfOneRunnerHasNoParityBreakSection() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    _ = try repository.verify(["verify", "--html", "parity.html", "--runner", try kotlinRunner()])
    XCTAssertFalse(try repository.read("parity.html").contains("parity-breaks"))
  }

  func testTheSameRunnerGivenTwiceIsAUsageError() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let runner = try swiftRunner()
    for verb in ["verify", "explain"] {
      let run = try repository.verify([verb, "--runner", runner, "--runner", runner])
      XCTAssertEqual(run.code, 2, run.all)
      assertContains(run.error, "duet-verify \(verb): --runner '\(runner)' is given twice")
      XCTAssertEqual(run.out, "", run.all)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: repository.root.appendingPathComponent(".runs/verify").path))
  }
}
