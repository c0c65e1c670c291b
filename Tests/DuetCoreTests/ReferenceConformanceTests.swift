import DuetCore
import Foundation
import TestSupport
import XCTest

/// Conformance against the Duet projects' own recordings: the proof our bytes are their bytes.
final class ReferenceConformanceTests: XCTestCase {
  func testEveryDuetReferenceFixtureReEmitsByteIdenticallyThroughThePrettyWriter() throws {
    let files = try SharedReference.files(in: "duet-framework", suffix: ".fixture.json")
    XCTAssertGreaterThanOrEqual(files.count, 7)
    for file in files {
      let original = try String(contentsOf: file, encoding: .utf8)
      let tree = try JSONParser().parse(original)
      XCTAssertEqual(try CanonicalWriter.pretty(tree), original, file.lastPathComponent)
    }
  }

  func testCompactFormOfTheCounterEndingsFixture() throws {
    let file = try SharedReference.files(
      in: "duet-framework/swift", suffix: "counter-endings.keeps-counting.fixture.json")
    let tree = try JSONParser().parse(try Data(contentsOf: XCTUnwrap(file.first)))
    XCTAssertEqual(
      try CanonicalWriter.compact(tree),
      #"{"description":"Shared prefix with two static endings — the Branch expansion receipt.","dialect":2,"feature":"counter","initialState":{"count":0,"isAutoIncrementing":false},"scenario":{"branch":"keeps-counting","source":"DuetTestingTests/ScenarioRunnerTests.swift"},"steps":[{"action":{"case":"increment"},"expectedEffects":[],"expectedState":{"count":1,"isAutoIncrementing":false},"label":"increment","line":50},{"action":{"case":"increment"},"expectedEffects":[],"expectedState":{"count":2,"isAutoIncrementing":false},"label":"keeps counting › increment again","line":54}]}"#
    )
  }

  func testCompactFormOfTheKotlinLampEffectCarriesItsId() throws {
    let file = try SharedReference.files(in: "duet-framework/kotlin", suffix: "lamp.timed-off.fixture.json")
    let tree = try JSONParser().parse(try Data(contentsOf: XCTUnwrap(file.first)))
    let step = try XCTUnwrap(tree["steps"]?.arrayValue?[1])
    XCTAssertEqual(
      try CanonicalWriter.compact(XCTUnwrap(step["expectedEffects"])),
      #"[{"id":"lamp.off","kind":"run","payload":{"case":"offTimer"}}]"#)
    XCTAssertEqual(try CanonicalWriter.compact(XCTUnwrap(step["action"])), #"{"case":"scheduleOff"}"#)
  }

  func testCompactFormOfTheChainSeamCarriesTheUnicodeLabelRaw() throws {
    let file = try SharedReference.files(in: "duet-framework/swift", suffix: "chain-ping-pong.fixture.json")
    let tree = try JSONParser().parse(try Data(contentsOf: XCTUnwrap(file.first)))
    let step = try XCTUnwrap(tree["steps"]?.arrayValue?[1])
    XCTAssertEqual(
      try CanonicalWriter.compact(step),
      #"{"action":{"case":"pingFired","value":{"count":1}},"expectedEffects":[],"label":"the ping→pong seam","line":159,"node":"pong"}"#
    )
  }
}
