import DemoFeatures
import DuetCore
import DuetReplay
import TestSupport
import XCTest

/// Every Duet reference recording of the demo features replays byte-identically through our
/// registry, including the Kotlin-recorded lamp and chain: the runner speaks Duet's dialect.
final class ReferenceReplayConformanceTests: XCTestCase {
  /// Replays a leaf or chain fixture the way the verifier does; returns the first failure, if any.
  func replay(_ document: JSONValue, through registry: ReplayRegistry) throws -> String? {
    let steps = document["steps"]?.arrayValue ?? []
    var states: [String: JSONValue] = document["initialStates"]?.objectValue ?? [:]
    let leafFeature = document["feature"]?.stringValue
    if let leafFeature { states[leafFeature] = document["initialState"] }
    for (index, step) in steps.enumerated() {
      let node = try XCTUnwrap(leafFeature ?? step["node"]?.stringValue)
      let result = try registry.reduce(
        feature: node, state: try XCTUnwrap(states[node]), action: try XCTUnwrap(step["action"]))
      let effects = try CanonicalWriter.compact(try XCTUnwrap(step["expectedEffects"]))
      if result.effects != effects { return "step \(index): effects \(result.effects) != \(effects)" }
      if let expectedState = step["expectedState"] {
        let state = try CanonicalWriter.compact(expectedState)
        if result.state != state { return "step \(index): state \(result.state) != \(state)" }
      }
      if step["linkToNext"] == .bool(true) {
        let event = try XCTUnwrap(result.effects.isEmpty ? nil : lastNotifyListenerValue(result.effects))
        let next = try CanonicalWriter.compact(try XCTUnwrap(steps[index + 1]["action"]?["value"]))
        if event != next { return "step \(index): linkToNext event \(event) != next action value \(next)" }
      }
      states[node] = try JSONParser().parse(result.state)
    }
    return nil
  }

  func lastNotifyListenerValue(_ effects: String) throws -> String? {
    let tree = try JSONParser().parse(effects)
    for effect in (tree.arrayValue ?? []).reversed() where effect["payload"]?["case"] == .string("notifyListener") {
      return try effect["payload"]?["value"].map(CanonicalWriter.compact)
    }
    return nil
  }

  func testEveryDemoFeatureReferenceRecordingReplays() throws {
    let files = try SharedReference.files(in: "duet-framework", suffix: ".fixture.json")
    XCTAssertEqual(files.count, 7)
    for file in files {
      let document = try JSONParser().parse(try Data(contentsOf: file))
      XCTAssertNil(try replay(document, through: demoRegistry), file.lastPathComponent)
    }
  }

  func testAKotlinRecordedLampReplaysThroughTheBuiltSwiftRunner() throws {
    let url = try SharedReference.fixture(in: "duet-framework/kotlin", named: "lamp.dimmed-evening")
    let document = try JSONParser().parse(try Data(contentsOf: url))
    let runner = try RunnerProcess(executable: try BuiltProducts.executable(named: "demo-runner"))
    _ = runner.readLine()
    var state = try XCTUnwrap(document["initialState"])
    for step in document["steps"]?.arrayValue ?? [] {
      let request = JSONValue.object([
        "op": .string("reduce"), "feature": .string("lamp"), "state": state, "action": try XCTUnwrap(step["action"]),
      ])
      runner.send(try CanonicalWriter.compact(request))
      let response = try JSONParser().parse(try XCTUnwrap(runner.readLine()))
      XCTAssertEqual(response["state"]?.stringValue, try CanonicalWriter.compact(XCTUnwrap(step["expectedState"])))
      XCTAssertEqual(
        response["effects"]?.stringValue, try CanonicalWriter.compact(XCTUnwrap(step["expectedEffects"])))
      state = try JSONParser().parse(try XCTUnwrap(response["state"]?.stringValue))
    }
    runner.send(#"{"op":"exit"}"#)
    XCTAssertEqual(runner.waitForExit(), 0)
  }

  func testADivergentRecordingIsCaught() throws {
    let document = try JSONParser().parse(
      #"{"feature":"counter","initialState":{"count":0,"isAutoIncrementing":false},"steps":[{"action":{"case":"increment"},"expectedEffects":[],"expectedState":{"count":2,"isAutoIncrementing":false}}]}"#
    )
    XCTAssertEqual(
      try replay(document, through: demoRegistry),
      #"step 0: state {"count":1,"isAutoIncrementing":false} != {"count":2,"isAutoIncrementing":false}"#)
  }
}
