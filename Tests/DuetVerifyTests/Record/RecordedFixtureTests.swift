import DuetCore
import TestSupport
import XCTest

@testable import DuetVerify

/// What the runner sends is checked before a path is built or a byte is written.
final class RecordedFixtureTests: XCTestCase {
  func check(
    _ name: String, _ document: JSONValue = FixtureText.counterTree(), target: RecordTarget = .feature("counter")
  )
    throws -> RecordedFixture
  {
    try RecordedFixture.check(ProducedFixture(name: name, document: document), target: target)
  }

  func refusal(
    _ name: String, _ document: JSONValue = FixtureText.counterTree(), target: RecordTarget = .feature("counter")
  )
    -> String
  {
    do {
      _ = try check(name, document, target: target)
      return "accepted"
    } catch {
      return (error as? RecordedFixtureError)?.description ?? "\(error)"
    }
  }

  func testAGoodRecordingIsWrittenInPrettyCanonicalForm() throws {
    let fixture = try check("counter")
    XCTAssertEqual(fixture.text, try CanonicalWriter.pretty(FixtureText.counterTree()))
  }

  func testANameWithASlashIsRefusedBeforeAnyPathIsBuilt() {
    XCTAssertTrue(refusal("../escape").contains("cannot be a fixture name"))
    XCTAssertTrue(refusal("sub/dir").contains("cannot be a fixture name"))
    XCTAssertTrue(refusal("a..b").contains("cannot be a fixture name"))
    XCTAssertTrue(refusal("").contains("cannot be a fixture name"))
  }

  func testAFeatureCannotProduceAChainRecording() {
    let refused = refusal("counter.seam", FixtureText.chainTree())
    assertContains(refused, "as a chain recording (it has initialStates)")
  }

  func testAChainMustProduceAChainRecording() {
    let refused = refusal("ping-pong", target: .chain("chain-ping-pong"))
    assertContains(refused, "as a leaf recording (it has no initialStates)")
  }

  func testAChainRecordingNeedsNoChainPrefixAndALeafMayHaveOne() throws {
    XCTAssertEqual(
      try check("greeter.wave", FixtureText.chainTree(), target: .chain("greeter.wave")).name, "greeter.wave")
    XCTAssertEqual(try check("chain-counter").name, "chain-counter")
  }

  func testADocumentThatIsNotARecordingIsRefusedWithItsPath() {
    XCTAssertTrue(refusal("counter", .object(["steps": .array([])])).contains("initialState is missing"))
  }

  func testADocumentOfAnotherFeatureIsRefused() {
    XCTAssertTrue(refusal("counter", FixtureText.counterTree(feature: "lamp")).contains("says feature 'lamp'"))
  }

  func testADocumentTheCanonicalWriterRefusesIsRefused() {
    var tree = FixtureText.counterTree()
    if case .object(var members) = tree {
      members["description"] = .largeInteger("123456789012345678901234567890")
      tree = .object(members)
    }
    XCTAssertTrue(refusal("counter", tree).contains("cannot be written as canonical JSON"))
  }
}
