import XCTest

@testable import DuetVerify

/// The HTML report's diff of a divergence: the pretty canonical forms of both fragments, changes
/// marked `-`/`+`, a few lines of context, long unchanged runs and huge fragments cut.
final class FragmentDiffTests: XCTestCase {
  typealias Line = FragmentDiff.Line

  func testTheDiffShowsBothSidesPrettyWithContextAroundTheChange() {
    let diff = FragmentDiff(
      Divergence(path: "expectedState", expected: #"{"a":1,"b":2,"c":3}"#, actual: #"{"a":1,"b":5,"c":3}"#))
    XCTAssertEqual(
      diff.lines,
      [
        Line(kind: .context, text: "{"), Line(kind: .context, text: "  \"a\": 1,"),
        Line(kind: .expected, text: "  \"b\": 2,"), Line(kind: .actual, text: "  \"b\": 5,"),
        Line(kind: .context, text: "  \"c\": 3"), Line(kind: .context, text: "}"),
      ])
  }

  func testAMissingSideShowsOnlyTheOther() {
    let diff = FragmentDiff(Divergence(path: "expectedEffects[0]", expected: "∅", actual: #"{"kind":"run"}"#))
    XCTAssertEqual(diff.lines.map(\.kind), [.actual, .actual, .actual])
  }

  func testLongUnchangedRunsAreElided() {
    let same = (0..<20).map { "line \($0)" }
    let diff = FragmentDiff(expected: same + ["old"] + same, actual: same + ["new"] + same)
    XCTAssertEqual(diff.lines.first, Line(kind: .elided, text: "… 17 unchanged lines"))
    XCTAssertEqual(diff.lines.last, Line(kind: .elided, text: "… 17 unchanged lines"))
    XCTAssertEqual(diff.lines.count, 1 + 3 + 2 + 3 + 1)
  }

  func testAHugeFragmentIsCutWithANote() {
    let huge = (0..<5000).map { "line \($0)" }
    let diff = FragmentDiff(expected: huge, actual: ["x"])
    XCTAssertEqual(diff.lines.last?.kind, .elided)
    XCTAssertTrue(diff.lines.last?.text.contains("cut") ?? false)
    XCTAssertLessThanOrEqual(diff.lines.count, FragmentDiff.maximumLines + 3)
  }

  func testTextThatIsNotJSONIsShownAsItIs() {
    XCTAssertEqual(FragmentDiff.prettyLines("{\"a\":1…"), ["{\"a\":1…"])
  }
}
