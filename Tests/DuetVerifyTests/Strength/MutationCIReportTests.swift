import XCTest

@testable import DuetVerify

/// `mutate --junit` (a case per mutant, survivors failing) and the GitHub annotations (a warning
/// at each survivor's line).
final class MutationCIReportTests: XCTestCase {
  typealias Fixtures = MutationRunFixtures

  func testEveryMutantIsACaseAndOnlyASurvivorFailsWithItsBlock() {
    let run = Fixtures.run([
      Fixtures.result(.killed, id: "2"), Fixtures.survivor, Fixtures.result(.noCoverage, id: "3"),
    ])
    let suite = run.testSuites[0]
    XCTAssertEqual(suite.name, "duet-verify mutate")
    XCTAssertEqual(
      suite.cases.map(\.name),
      [
        "mutant 2 CompoundAssignment at Sources/Logic/Counter.swift:9:17 (Killed)",
        "mutant 1 RelationalBoundary at Sources/Logic/Counter.swift:4:19 (Survived)",
        "mutant 3 CompoundAssignment at Sources/Logic/Counter.swift:9:17 (NoCoverage)",
      ])
    XCTAssertEqual(suite.failureCount, 1)
    let failure = suite.cases[1].failure
    XCTAssertEqual(failure?.message, "Sources/Logic/Counter.swift:4:19: mutant 1 survived: `<` → `<=`")
    XCTAssertEqual(failure?.type, "survived")
    XCTAssertTrue(
      failure?.text.contains("  - if name.count < 40 {\n  + if name.count <= 40 {") == true, failure?.text ?? "")
    XCTAssertEqual(suite.cases[1].classname, "duet-verify.mutate.counter")
    XCTAssertEqual(suite.cases[1].file, "Sources/Logic/Counter.swift")
  }

  func testASurvivorFailsItsCaseEvenWhenTheMinimumScoreLetsTheRunPass() {
    let run = Fixtures.run([Fixtures.result(.killed, id: "2"), Fixtures.survivor], minScore: 50)
    XCTAssertTrue(run.passed)
    XCTAssertEqual(run.testSuites[0].failureCount, 1)
  }

  func testHostileStringsAreEscapedInTheJUnitFile() {
    let xml = JUnitReport.render(Fixtures.run([Fixtures.hostile]).testSuites, grouped: false)
    XCTAssertFalse(xml.contains("<img"), xml)
    XCTAssertFalse(xml.contains("<script>"), xml)
    XCTAssertFalse(xml.contains("\u{1B}"), xml)
    XCTAssertTrue(xml.contains("&lt;img src=x onerror=alert(1)&gt;"), xml)
  }

  func testASurvivorIsAWarningAtItsLineAndColumnWithTheDiffAndTheStep() {
    let run = Fixtures.run([Fixtures.result(.killed, id: "2"), Fixtures.survivor])
    XCTAssertEqual(
      run.annotations,
      [
        "::warning file=Sources/Logic/Counter.swift,line=4,col=19,title=mutant survived::mutant 1 (RelationalBoundary) "
          + "`<` → `<=` survived%0A- if name.count < 40 {%0A+ if name.count <= 40 {%0Afeature counter: recordings "
          + "counter-basic, counter-rename ran this code and missed the change%0Aadd a step to "
          + "Sources/Logic/CounterScenarios.swift that lands exactly on the boundary, where `<` and `<=` disagree"
      ])
  }

  func testAHostileFileNameCannotEndTheAnnotationsPropertiesOrStartANewCommand() {
    let line = Fixtures.run([Fixtures.hostile]).annotations[0]
    XCTAssertFalse(line.contains("\n"), line)
    let properties = line.dropFirst("::warning ".count).components(separatedBy: "::")[0]
    XCTAssertEqual(properties.components(separatedBy: ",").count, 4, properties)
    XCTAssertTrue(
      properties.hasPrefix("file=Sources/<img src=x onerror=alert(1)>/a%2Cb%3Ac%25\"'\\n.swift,"), properties)
    XCTAssertFalse(line.contains("\u{1B}"), line)
  }
}
