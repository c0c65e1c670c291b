import DuetCore
import XCTest

@testable import DuetVerify

/// The drift classification: which differences are behaviour (gated) and which are metadata (churn).
final class FixtureChangeTests: XCTestCase {
  func produced(_ tree: JSONValue, name: String = "counter") throws -> RecordedFixture {
    RecordedFixture(name: name, target: .feature("counter"), document: tree, text: try CanonicalWriter.pretty(tree))
  }

  func change(recorded: JSONValue, produced tree: JSONValue, name: String = "counter") throws -> FixtureChange {
    FixtureChange.between(
      recorded: Array(try CanonicalWriter.pretty(recorded).utf8), produced: try produced(tree, name: name))
  }

  func edit(_ tree: JSONValue, _ change: (inout [String: JSONValue]) -> Void) -> JSONValue {
    guard case .object(var members) = tree else { return tree }
    change(&members)
    return .object(members)
  }

  func editStep(_ tree: JSONValue, _ index: Int, _ change: @escaping (inout [String: JSONValue]) -> Void) -> JSONValue {
    edit(tree) { members in
      guard case .array(var steps)? = members["steps"], case .object(var step) = steps[index] else { return }
      change(&step)
      steps[index] = .object(step)
      members["steps"] = .array(steps)
    }
  }

  func testIdenticalBytesAreUnchanged() throws {
    XCTAssertEqual(try change(recorded: FixtureText.counterTree(), produced: FixtureText.counterTree()), .unchanged)
  }

  func testNoFileOnDiskIsNew() throws {
    XCTAssertEqual(FixtureChange.between(recorded: nil, produced: try produced(FixtureText.counterTree())), .new)
  }

  func testAStepLineChangeIsMetadataOnlyAndNamesThePath() throws {
    let moved = editStep(FixtureText.counterTree(), 1) { $0["line"] = .integer(12) }
    XCTAssertEqual(
      try change(recorded: FixtureText.counterTree(), produced: moved), .metadataOnly(firstPath: "steps[1].line"))
  }

  func testLabelsDescriptionScenarioAndDialectAreMetadata() throws {
    var churned = editStep(FixtureText.counterTree(), 0) { $0["label"] = .string("one more") }
    churned = edit(churned) {
      $0["description"] = .string("reworded")
      $0["scenario"] = .object(["branch": .string("x"), "source": .string("Elsewhere.swift")])
      $0["dialect"] = nil
      $0["feature"] = nil
    }
    guard case .metadataOnly = try change(recorded: FixtureText.counterTree(), produced: churned) else {
      return XCTFail("expected metadata-only churn")
    }
  }

  func testLinkToNextIsMetadataForTheDriftGate() throws {
    let unlinked = editStep(FixtureText.chainTree(), 0) { $0["linkToNext"] = nil }
    XCTAssertEqual(
      try change(recorded: FixtureText.chainTree(), produced: unlinked, name: "chain-ping-pong"),
      .metadataOnly(firstPath: "steps[0].linkToNext"))
  }

  func testAnExpectedStateChangeIsBehaviouralWithBothFragments() throws {
    XCTAssertEqual(
      try change(recorded: FixtureText.counterTree(secondCount: 7), produced: FixtureText.counterTree()),
      .behavioural(path: "steps[1].expectedState.count", recorded: "7", produced: "2"))
  }

  func testAnActionChangeIsBehavioural() throws {
    let other = editStep(FixtureText.counterTree(), 0) { $0["action"] = FixtureText.action("decrement") }
    XCTAssertEqual(
      try change(recorded: FixtureText.counterTree(), produced: other),
      .behavioural(path: "steps[0].action.case", recorded: "\"increment\"", produced: "\"decrement\""))
  }

  func testAnExpectedEffectsChangeIsBehavioural() throws {
    let other = editStep(FixtureText.counterTree(), 0) {
      $0["expectedEffects"] = .array([.object(["id": .string("t"), "kind": .string("cancel")])])
    }
    guard case .behavioural(let path, _, _) = try change(recorded: FixtureText.counterTree(), produced: other) else {
      return XCTFail("expected behavioural drift")
    }
    XCTAssertEqual(path, "steps[0].expectedEffects[0]")
  }

  func testAMissingStepIsBehaviouralAtTheStepPath() throws {
    let shorter = edit(FixtureText.counterTree()) { members in
      if case .array(let steps)? = members["steps"] { members["steps"] = .array(Array(steps.prefix(1))) }
    }
    guard
      case .behavioural(let path, _, let produced) = try change(
        recorded: FixtureText.counterTree(), produced: shorter)
    else { return XCTFail("expected behavioural drift") }
    XCTAssertEqual(path, "steps[1]")
    XCTAssertEqual(produced, "∅")
  }

  func testAnInitialStateChangeIsBehavioural() throws {
    let seeded = edit(FixtureText.counterTree()) { $0["initialState"] = FixtureText.counterState(5) }
    guard case .behavioural(let path, _, _) = try change(recorded: FixtureText.counterTree(), produced: seeded) else {
      return XCTFail("expected behavioural drift")
    }
    XCTAssertEqual(path, "initialState.count")
  }

  func testAChainNodeChangeIsBehavioural() throws {
    let moved = editStep(FixtureText.chainTree(), 1) { $0["node"] = .string("ping") }
    guard
      case .behavioural(let path, _, _) = try change(
        recorded: FixtureText.chainTree(), produced: moved, name: "chain-ping-pong")
    else { return XCTFail("expected behavioural drift") }
    XCTAssertEqual(path, "steps[1].node")
  }

  func testALayoutOnlyDifferenceIsMetadataWithoutAPath() throws {
    let compact = Array(try CanonicalWriter.compact(FixtureText.counterTree()).utf8)
    XCTAssertEqual(
      FixtureChange.between(recorded: compact, produced: try produced(FixtureText.counterTree())),
      .metadataOnly(firstPath: nil))
  }

  func testAFileThatIsNotJSONIsUnreadableDrift() throws {
    let change = FixtureChange.between(recorded: Array("{".utf8), produced: try produced(FixtureText.counterTree()))
    guard case .unreadable(let reason) = change else { return XCTFail("expected unreadable, got \(change)") }
    XCTAssertTrue(reason.hasPrefix("is not JSON"), reason)
    XCTAssertTrue(change.isDrift)
  }
}
