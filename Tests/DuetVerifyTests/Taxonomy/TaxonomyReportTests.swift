import DuetCore
import TestSupport
import XCTest

@testable import DuetVerify

/// The taxonomy read from the recordings, and its three renderings.
final class TaxonomyReportTests: XCTestCase {
  typealias F = TaxonomyFixtureText

  /// Splash Completed declared and recorded twice, Session Signed In recorded but undeclared,
  /// Name Edited declared but never recorded.
  func sampleReport() throws -> TaxonomyReport {
    try F.gate(
      F.declared(
        events: ["Splash Completed", "Name Edited"],
        declarers: ["Splash Completed": ["root"], "Name Edited": ["editname"]]),
      [
        ("root.ceremony", F.leaf("root", steps: [[F.track("Splash", "Completed", F.string("path", "ceremony"))]])),
        (
          "chain-root-splash",
          F.chain(steps: [(node: "root", effects: [F.track("Splash", "Completed", F.string("path", "safety_net"))])])
        ),
        (
          "signin.email",
          F.leaf(
            "signin",
            steps: [[F.track("Session", "Signed Out", F.string("provider", "email"), F.int("attempt", 2))]])
        ),
      ]
    ).report()
  }

  func testReportListsDeclaredEventsInManifestOrderThenUndeclaredOnes() throws {
    let report = try sampleReport()

    XCTAssertEqual(report.events.map(\.name), ["Splash Completed", "Name Edited", "Session Signed Out"])
    XCTAssertEqual(report.events.map(\.status), [.declared, .neverRecorded, .undeclared])
    XCTAssertEqual(report.events.map(\.declaredLine), [22, 23, nil])
  }

  func testReportNamesOwnersFixturesAndParameterValues() throws {
    let splash = try XCTUnwrap(try sampleReport().events.first)

    XCTAssertEqual(splash.owners, ["root"])
    XCTAssertEqual(splash.fixtures, ["chain-root-splash", "root.ceremony"])
    XCTAssertEqual(splash.emissions, 2)
    XCTAssertEqual(
      splash.params,
      [
        TaxonomyReport.Param(
          key: "path", kinds: ["string"], values: ["ceremony", "safety_net"], hasMoreValues: false, withheldValues: 0)
      ])
  }

  func testReportWithholdsValuesThePrivacyLintFlagged() throws {
    let report = try F.gate(
      F.declared(events: ["Session Signed In"]),
      [
        ("signin.a", F.leaf("signin", steps: [[F.track("Session", "Signed In", F.string("provider", "email"))]])),
        ("signin.b", F.leaf("signin", steps: [[F.track("Session", "Signed In", F.string("provider", "a@b.io"))]])),
      ]
    ).report()

    XCTAssertEqual(report.events.first?.params.first?.values, ["email"])
    XCTAssertEqual(report.events.first?.params.first?.withheldValues, 1)
  }

  func testReportListsAtMostTenValuesPerParameter() throws {
    let fixtures = (0..<12).map { index in
      ("item.\(index)", F.leaf("item", steps: [[F.track("Item", "Created", F.int("photo_count", index))]]))
    }
    let param = try XCTUnwrap(
      try F.gate(F.declared(events: ["Item Created"]), fixtures).report().events.first?.params.first)

    XCTAssertEqual(param.values, ["0", "1", "10", "11", "2", "3", "4", "5", "6", "7"])
    XCTAssertTrue(param.hasMoreValues)
  }

  func testTableRendersRowsFindingsAndVerdict() throws {
    XCTAssertEqual(
      try sampleReport().renderTable(),
      """
      EVENT               STATUS          DECLARED BY  EMITTED BY  PARAMETERS                           PINNED BY
      ------------------  --------------  -----------  ----------  -----------------------------------  --------------------------------
      Splash Completed    declared        root         root        path: string (ceremony, safety_net)  chain-root-splash, root.ceremony
      Name Edited         never recorded  editname                 —                                    —
      Session Signed Out  undeclared      —            signin      attempt: int (2)                     signin.email
                                                                   provider: string (email)

      2 events recorded in 3 fixtures (3 track envelopes); 2 declared.
      ✗ fixture 'signin.email' step 0 at steps[0].expectedEffects[0].payload.value.event: the event 'Session Signed Out' is not declared (recorded once in 1 fixture); adding an event is a taxonomy decision: declare it in manifest.yaml under the events: of feature 'signin'.
      ✗ manifest.yaml:23: the event 'Name Edited' is declared but never recorded: no recording emits it; record a scenario that emits it, or remove it from that feature's events:.
      duet-verify taxonomy: FAIL

      """)
  }

  func testMarkdownRendersADocReadyTable() throws {
    XCTAssertEqual(
      try sampleReport().renderMarkdown(),
      """
      | Event | Status | Declared by | Emitted by | Parameters | Pinned by |
      | --- | --- | --- | --- | --- | --- |
      | `Splash Completed` | declared | `root` | `root` | `path`: string (`ceremony`, `safety_net`) | `chain-root-splash`, `root.ceremony` |
      | `Name Edited` | never recorded | `editname` |  | none |  |
      | `Session Signed Out` | undeclared |  | `signin` | `attempt`: int (`2`)<br>`provider`: string (`email`) | `signin.email` |

      2 events recorded in 3 fixtures (3 track envelopes); 2 declared.

      - **error**: fixture 'signin.email' step 0 at steps[0].expectedEffects[0].payload.value.event: the event 'Session Signed Out' is not declared (recorded once in 1 fixture); adding an event is a taxonomy decision: declare it in manifest.yaml under the events: of feature 'signin'.
      - **error**: manifest.yaml:23: the event 'Name Edited' is declared but never recorded: no recording emits it; record a scenario that emits it, or remove it from that feature's events:.

      """)
  }

  func testJSONRendersOneCanonicalObject() throws {
    let text = try sampleReport().renderJSON()
    let tree = try JSONParser().parse(text)

    XCTAssertEqual(try CanonicalWriter.compact(tree) + "\n", text)
    XCTAssertEqual(tree["passed"], .bool(false))
    XCTAssertEqual(tree["events"]?.arrayValue?.count, 3)
    XCTAssertEqual(
      try CanonicalWriter.compact(try XCTUnwrap(tree["events"]?.arrayValue?.first)),
      #"{"declaredBy":["root"],"declaredLine":22,"emissions":2,"fixtures":["chain-root-splash","root.ceremony"],"name":"Splash Completed","#
        + #""owners":["root"],"params":[{"hasMoreValues":false,"key":"path","kinds":["string"],"#
        + #""values":["ceremony","safety_net"],"withheldValues":0}],"status":"declared"}"#)
    XCTAssertEqual(
      tree["findings"]?.arrayValue?.last,
      .object([
        "manifestLine": .integer(23), "message": .string(try sampleReport().findings[1].message),
        "rule": .string("never-recorded"), "severity": .string("error"),
      ]))
  }

  func testJSONKeepsDoubleValuesInsideTheDialect() throws {
    let double = #"{"case":"double","value":{"key":"duration_s","value":1.5}}"#
    let report = try F.gate(
      F.declared(events: ["Item Created"]), [("item.a", F.leaf("item", steps: [[F.track("Item", "Created", double)]]))]
    ).report()

    XCTAssertTrue(report.renderJSON().contains(#""kinds":["double"],"values":["1.5"]"#), report.renderJSON())
  }

  func testCommandExitsFailedWhenAFindingIsAnError() throws {
    let (text, exitCode) = TaxonomyCommand.render(report: try sampleReport(), format: .markdown)

    XCTAssertEqual(exitCode, .failed)
    XCTAssertTrue(text.hasPrefix("| Event |"))
  }

  func testCommandPassesWithOnlyWarnings() throws {
    let report = try F.gate(
      F.declared(verbs: ["Signed In"], events: ["Promo Viewed"]),
      [F.homePromo]
    ).report()

    let (text, exitCode) = TaxonomyCommand.render(report: report, format: .table)

    XCTAssertEqual(exitCode, .passed)
    XCTAssertTrue(text.hasSuffix("duet-verify taxonomy: PASS\n"), text)
    assertContains(text, "warning: manifest.yaml:22: the minted verb 'Signed In'")
  }
}
