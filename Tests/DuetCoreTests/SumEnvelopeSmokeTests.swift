import DuetCore
import XCTest

enum Path: Equatable, Sendable, CanonicalSumCodable { case ceremony, safetyNet }
enum Delegate: Equatable, Sendable, CanonicalSumCodable { case completed(path: Path) }
enum Payload: Equatable, Sendable, CanonicalSumCodable {
  case armSafetyNet(afterMillis: Int64)
  case notifyListener(Delegate)
}
struct State: Codable, Equatable { var isArmed: Bool; var note: String? }

final class SumEnvelopeSmokeTests: XCTestCase {
  func testEnvelopes() throws {
    let effects: [Effect<Payload>] = [
      .run(.armSafetyNet(afterMillis: 3000), id: "splash.safetyNet"),
      .run(.notifyListener(.completed(path: .safetyNet))),
      .cancel(id: "x"),
    ]
    let text = try CanonicalEncoder().compact(effects)
    XCTAssertEqual(
      text,
      #"[{"id":"splash.safetyNet","kind":"run","payload":{"case":"armSafetyNet","value":{"afterMillis":3000}}},{"kind":"run","payload":{"case":"notifyListener","value":{"case":"completed","value":{"path":{"case":"safetyNet"}}}}},{"id":"x","kind":"cancel"}]"#
    )
    let tree = try JSONParser().parse(text)
    let back = try CanonicalDecoder().decode([Effect<Payload>].self, from: tree, root: "effects")
    XCTAssertEqual(back, effects)
    XCTAssertEqual(try CanonicalEncoder().compact(State(isArmed: true, note: nil)), #"{"isArmed":true}"#)
    XCTAssertThrowsError(
      try CanonicalDecoder().decode(State.self, from: JSONParser().parse(#"{"isArmd":true}"#), root: "state")
    ) {
      XCTAssertEqual("\($0)", "unexpected key 'isArmd' in State at state")
    }
    XCTAssertThrowsError(
      try CanonicalDecoder().decode(Payload.self, from: JSONParser().parse(#"{"case":"bogus"}"#), root: "action")
    ) {
      XCTAssertEqual("\($0)", "unknown case 'bogus' for Payload at action.case")
    }
  }
}
