import DuetCore
import DuetScenario
import XCTest

/// The four splash recordings carry, field for field, the behaviour the Duet splash tutorial pins:
/// the same actions, full states and effects the Swift and Kotlin tutorial cores record. Only the
/// behavioural fields are compared; `scenario.source`, `label` and `line` are metadata.
final class SplashSeedConformanceTests: XCTestCase {
  private static let appeared = #"{"case":"appeared"}"#
  private static let armed = #"{"isArmed":true}"#
  private static let armsTheNet =
    #"[{"id":"splash.safetyNet","kind":"run","payload":{"case":"armSafetyNet","value":{"afterMillis":3000}}}]"#
  private static let byCeremony =
    #"[{"kind":"run","payload":{"case":"notifyListener","value":{"case":"completed","value":{"path":{"case":"ceremony"}}}}}]"#
  private static let bySafetyNet =
    #"[{"kind":"run","payload":{"case":"notifyListener","value":{"case":"completed","value":{"path":{"case":"safetyNet"}}}}}]"#

  /// (action, expectedState, expectedEffects) per step, compact canonical.
  private typealias Step = (action: String, state: String, effects: String)

  private static let given: Step = (appeared, armed, armsTheNet)

  func testCeremonyCompletesMatchesTheSeed() throws {
    try assertRecording(
      "splash.ceremony-completes", [Self.given, (#"{"case":"ceremonyFinished"}"#, Self.armed, Self.byCeremony)])
  }

  func testSafetyNetFiresMatchesTheSeed() throws {
    try assertRecording(
      "splash.safety-net-fires", [Self.given, (#"{"case":"safetyNetElapsed"}"#, Self.armed, Self.bySafetyNet)])
  }

  func testBothPathsNotifyTwiceMatchesTheSeed() throws {
    try assertRecording(
      "splash.both-paths-notify-twice",
      [
        Self.given, (#"{"case":"ceremonyFinished"}"#, Self.armed, Self.byCeremony),
        (#"{"case":"safetyNetElapsed"}"#, Self.armed, Self.bySafetyNet),
      ])
  }

  func testRepeatAppearInertMatchesTheSeed() throws {
    try assertRecording("splash.repeat-appear-inert", [Self.given, (Self.appeared, Self.armed, "[]")])
  }

  func testTheSplashCompilesToExactlyTheFourSeedRecordings() throws {
    let names = try foyerSplashFixtures().map(\.name)

    XCTAssertEqual(
      names,
      [
        "splash.ceremony-completes", "splash.safety-net-fires", "splash.both-paths-notify-twice",
        "splash.repeat-appear-inert",
      ])
  }

  private func foyerSplashFixtures() throws -> [CompiledFixture] {
    try Repository.compiledFixtures().filter { $0.document["feature"]?.stringValue == "splash" }
  }

  private func assertRecording(_ name: String, _ expected: [Step], line: UInt = #line) throws {
    let document = try XCTUnwrap(
      try foyerSplashFixtures().first { $0.name == name }?.document, "\(name) is not compiled", line: line)
    XCTAssertEqual(try compact(document["initialState"]), #"{"isArmed":false}"#, "\(name) initialState", line: line)
    let steps = document["steps"]?.arrayValue ?? []
    XCTAssertEqual(steps.count, expected.count, "\(name) step count", line: line)
    for (index, (step, want)) in zip(steps, expected).enumerated() {
      XCTAssertEqual(try compact(step["action"]), want.action, "\(name)#\(index) action", line: line)
      XCTAssertEqual(try compact(step["expectedState"]), want.state, "\(name)#\(index) expectedState", line: line)
      XCTAssertEqual(try compact(step["expectedEffects"]), want.effects, "\(name)#\(index) expectedEffects", line: line)
    }
  }

  private func compact(_ value: JSONValue?) throws -> String {
    try CanonicalWriter.compact(value ?? .null)
  }
}
