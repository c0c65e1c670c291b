import DuetCore
import XCTest

@testable import DuetRunner

/// The direct scan of a reduce response must agree with the parser on every line it accepts, and
/// leave every other line to it.
final class ResponseScannerTests: XCTestCase {
  func parsed(_ line: String) -> ReduceReply? {
    guard case .object(let members)? = try? JSONParser().parse(line),
      case .string(let state)? = members["state"], case .string(let effects)? = members["effects"]
    else { return nil }
    return .answer(state: state, effects: effects)
  }

  /// Replies of the usual shape, escapes of every kind the scan reads included.
  static let usualLines = [
    #"{"effects":"[]","state":"{}"}"#,
    #"{"effects":"[{\"kind\":\"run\"}]","state":"{\"name\":\"a\\\\b\\nc\"}"}"#,
    #"{"effects":"[]","state":"{\"path\":\"a\/b\",\"tab\":\"\t\",\"bell\":\"\b\f\r\"}"}"#,
    #"{"effects":"[]","state":"{\"name\":\"Zoë 😀\"}"}"#,
  ]

  func testTheUsualShapeIsScannedAndAgreesWithTheParser() {
    for line in Self.usualLines {
      let scanned = ResponseScanner.scan(Array(line.utf8))
      XCTAssertNotNil(scanned, line)
      XCTAssertEqual(scanned, parsed(line), line)
    }
  }

  func testEverythingElseIsLeftToTheParser() {
    let lines = [
      #"{"state":"{}","effects":"[]"}"#, #"{"effects": "[]","state":"{}"}"#, #"{"effects":"[]","state":"\u00e9"}"#,
      #"{"error":"unknown feature 'x'"}"#, #"{"effects":"[]","state":"{}"} "#, #"{"effects":"[]","state":"{}","x":1}"#,
      "{\"effects\":\"[]\",\"state\":\"\u{1}\"}", #"{"effects":"[]","state":"\q"}"#, #"{"effects":"[]""#,
    ]
    for line in lines { XCTAssertNil(ResponseScanner.scan(Array(line.utf8)), line) }
    XCTAssertNil(ResponseScanner.scan([0x7B, 0x22, 0x65, 0xFF]))
    XCTAssertNil(
      ResponseScanner.scan(Array(#"{"effects":"[]","state":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)),
      "invalid UTF-8 is the parser's to word")
  }

  func testAResponseWithAnEscapeTheScanLeavesAloneStillReads() throws {
    XCTAssertEqual(
      try ReduceResponse.parse(Array(#"{"effects":"[]","state":"\u00e9"}"#.utf8)), .answer(state: "é", effects: "[]"))
  }

  /// The byte gate against texts given as strings (each its own buffer).
  func matches(_ line: String, effects: String, state: String) -> Bool {
    ResponseScanner.matches(Array(line.utf8), effects: Array(effects.utf8)[...], state: Array(state.utf8)[...])
  }

  func testALineMatchesExactlyTheTextsItsStringsUnescapeTo() {
    for line in Self.usualLines {
      guard case .answer(let state, let effects)? = ResponseScanner.scan(Array(line.utf8)) else {
        XCTFail(line)
        continue
      }
      XCTAssertTrue(matches(line, effects: effects, state: state), line)
      XCTAssertFalse(matches(line, effects: effects, state: state + " "), line)
      XCTAssertFalse(matches(line, effects: effects, state: String(state.dropLast())), line)
      XCTAssertFalse(matches(line, effects: effects + "x", state: state), line)
      XCTAssertFalse(matches(line, effects: state, state: effects), line)
    }
  }

  func testSlicesOfOneSharedBufferMatchExactlyAsSeparateTexts() {
    for line in Self.usualLines {
      guard case .answer(let state, let effects)? = ResponseScanner.scan(Array(line.utf8)) else {
        XCTFail(line)
        continue
      }
      // Slices of one buffer, as a recording's texts are.
      let shared = Array((effects + state + " ").utf8)
      let effectsBytes = shared[0..<effects.utf8.count]
      let stateBytes = shared[effects.utf8.count..<(effects.utf8.count + state.utf8.count)]
      XCTAssertTrue(ResponseScanner.matches(Array(line.utf8), effects: effectsBytes, state: stateBytes), line)
      XCTAssertFalse(
        ResponseScanner.matches(Array(line.utf8), effects: effectsBytes, state: shared[stateBytes.startIndex...]), line)
      XCTAssertFalse(ResponseScanner.matches(Array(line.utf8), effects: stateBytes, state: effectsBytes), line)
    }
  }

  func testALineTheScanLeavesToTheParserNeverMatches() {
    let lines = [
      #"{"state":"{}","effects":"[]"}"#, #"{"effects": "[]","state":"{}"}"#, #"{"effects":"[]","state":"\u007b}"}"#,
      #"{"effects":"[]","state":"{}"} "#, #"{"effects":"[]","state":"{}","x":1}"#, #"{"effects":"[]","state":"{}""#,
    ]
    for line in lines {
      XCTAssertFalse(matches(line, effects: "[]", state: "{}"), line)
    }
  }

  /// A JSON string's content for `text`, escaped the way a runner may: the usual two-character
  /// escapes, and `\/` for a slash when `slashes` (as a Duet Swift runner writes).
  static func quoted(_ text: [UInt8], slashes: Bool) -> [UInt8] {
    var out: [UInt8] = []
    for byte in text {
      switch byte {
      case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
      case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
      case UInt8(ascii: "/") where slashes: out += Array(#"\/"#.utf8)
      case 0x0A: out += Array(#"\n"#.utf8)
      case 0x09: out += Array(#"\t"#.utf8)
      default: out.append(byte)
      }
    }
    return out
  }

  /// Long texts (several words, escapes anywhere) match exactly when their strings unescape to the expected
  /// bytes, as the scan reads them: over random texts and every one-byte change of their lines.
  func testLongTextsMatchExactlyWhenTheScanReadsTheExpectedBytes() {
    var generator = SystemRandomNumberGenerator()
    // Whole characters (a text is valid UTF-8); a changed line may hold any of these bytes.
    let characters =
      #"abcdefghijklmnopqrstuvwxyz0123456789{}[]:,"\/ é"#.map { Array(String($0).utf8) } + [[0x0A], [0x09]]
    let alphabet = characters.flatMap { $0 }
    for round in 0..<300 {
      func text() -> [UInt8] {
        (0..<Int.random(in: 0...40, using: &generator)).flatMap { _ in characters.randomElement(using: &generator)! }
      }
      let state = text()
      let effects = text()
      let slashes = round % 2 == 0
      let line =
        Array(#"{"effects":""#.utf8) + Self.quoted(effects, slashes: slashes) + Array(#"","state":""#.utf8)
        + Self.quoted(state, slashes: slashes) + Array(#""}"#.utf8)
      var lines = [line]
      for position in line.indices {
        var changed = line
        changed[position] = alphabet.randomElement(using: &generator)!
        lines.append(changed)
        lines.append(Array(line[..<position]) + Array(line[(position + 1)...]))
      }
      for candidate in lines {
        var expected = false
        if case .answer(let scannedState, let scannedEffects)? = ResponseScanner.scan(candidate) {
          expected = Array(scannedState.utf8) == state && Array(scannedEffects.utf8) == effects
        }
        XCTAssertEqual(
          ResponseScanner.matches(candidate, effects: effects[...], state: state[...]), expected,
          String(decoding: candidate, as: UTF8.self))
      }
    }
  }
}
