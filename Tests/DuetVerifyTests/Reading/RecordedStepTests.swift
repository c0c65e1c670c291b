import DuetCore
import DuetRunner
import XCTest

@testable import DuetVerify

/// A recording's steps are spans of one text (`RecordedStep` over `RecordingTexts`): both readers
/// must put the same texts, labels and expected reply lines behind them, and a step made from them
/// (`FixtureDocument.step`) must be the step the spans describe.
final class RecordedStepTests: XCTestCase {
  /// A leaf whose state, effects and labels hold quotes and backslashes (escaped in the file and in
  /// a reply line), and a step whose label has an escape.
  static let escapingTree: JSONValue = .object([
    "dialect": .integer(2), "feature": .string("notes"),
    "initialState": .object(["text": .string("")]),
    "steps": .array([
      .object([
        "action": .object(["case": .string("write"), "value": .string("say \"hi\"")]),
        "expectedEffects": .array([.object(["kind": .string("log"), "path": .string("a\\b/c")])]),
        "expectedState": .object(["text": .string("say \"hi\"")]), "label": .string("quotes \"here\""),
        "line": .integer(3),
      ]),
      .object([
        "action": .object(["case": .string("clear")]), "expectedEffects": .array([]),
        "expectedState": .object(["text": .string("")]), "label": .string("plain"),
      ]),
    ]),
  ])

  func bothReadings(_ tree: JSONValue) throws -> (fast: FixtureDocument, parsed: FixtureDocument) {
    let bytes = Array(try CanonicalWriter.pretty(tree).utf8)
    let fast = try XCTUnwrap(PrettyFixtureReader.read(bytes, name: "notes"))
    return (fast, try FixtureDocumentReader.read(tree, name: "notes"))
  }

  /// What a runner answers for a passing step: `{"effects":"…","state":"…"}`, each text quoted.
  func replyLine(effects: JSONValue, state: JSONValue) throws -> String {
    let effects = CanonicalWriter.quoted(try CanonicalWriter.compact(effects))
    return #"{"effects":\#(effects),"state":\#(CanonicalWriter.quoted(try CanonicalWriter.compact(state)))}"#
  }

  func reply(_ document: FixtureDocument, step: Int) -> String? {
    guard let range = document.recorded[step].reply.range else { return nil }
    return String(decoding: document.texts.replies[range], as: UTF8.self)
  }

  func testEachStepsExpectedReplyLineIsTheLineACanonicalRunnerWritesFromBothReaders() throws {
    let (fast, parsed) = try bothReadings(Self.escapingTree)
    let steps = try XCTUnwrap(Self.escapingTree["steps"]?.arrayValue)
    for (index, step) in steps.enumerated() {
      let expected = try replyLine(
        effects: try XCTUnwrap(step["expectedEffects"]), state: try XCTUnwrap(step["expectedState"]))
      XCTAssertEqual(reply(fast, step: index), expected, "step \(index), fast reader")
      XCTAssertEqual(reply(parsed, step: index), expected, "step \(index), parser")
    }
  }

  func testAStepMadeFromItsSpansHasItsTextsAndItsLabelUnescaped() throws {
    let (fast, parsed) = try bothReadings(Self.escapingTree)
    for document in [fast, parsed] {
      let first = document.step(0)
      XCTAssertEqual(first.label, "quotes \"here\"")
      XCTAssertEqual(first.line, 3)
      XCTAssertEqual(try first.action.text.get(), #"{"case":"write","value":"say \"hi\""}"#)
      XCTAssertEqual(try first.expectedEffects.text.get(), #"[{"kind":"log","path":"a\\b/c"}]"#)
      XCTAssertEqual(document.step(1).label, "plain")
      XCTAssertNil(document.step(1).line)
      XCTAssertEqual(document.texts.label(document.recorded[0].label), "quotes \"here\"")
    }
  }

  func testAChainStepWithoutAStateHasNoReplyLineAndNamesItsNode() throws {
    let document = try FixtureDocumentReader.read(FixtureText.chainTree(), name: "chain-ping-pong")
    XCTAssertTrue(document.recorded.allSatisfy { $0.reply.isAbsent == $0.expectedState.isAbsent })
    XCTAssertEqual(document.steps.map(\.node), document.recorded.map { document.texts.node($0.node) })
    XCTAssertTrue(document.recorded.contains { $0.expectedState.isAbsent }, "the chain has a step without a state")
  }

  func testStepsSetAreReadBackTheSame() throws {
    var document = try FixtureDocumentReader.read(Self.escapingTree, name: "notes")
    let steps = document.steps
    document.steps = steps.reversed()
    XCTAssertEqual(document.steps.map(\.label), steps.reversed().map(\.label))
    XCTAssertEqual(
      document.steps.map { try? $0.expectedEffects.text.get() },
      steps.reversed().map { try? $0.expectedEffects.text.get() })
    XCTAssertEqual(
      reply(document, step: 0), reply(try FixtureDocumentReader.read(Self.escapingTree, name: "n"), step: 1))
  }

  func testAnUnsendableValueKeepsItsProblemAndHasNoReplyLine() throws {
    var tree = Self.escapingTree
    var steps = try XCTUnwrap(tree["steps"]?.arrayValue)
    guard case .object(var step) = steps[1] else { return XCTFail("a step is an object") }
    step["expectedState"] = .object(["text": .fraction("1.5")])
    steps[1] = .object(step)
    guard case .object(var top) = tree else { return XCTFail("a document is an object") }
    top["steps"] = .array(steps)
    tree = .object(top)
    let document = try FixtureDocumentReader.read(tree, name: "notes")
    XCTAssertTrue(document.recorded[1].expectedState.isUnsendable)
    XCTAssertTrue(document.recorded[1].reply.isAbsent)
    guard case .failure(let problem) = try XCTUnwrap(document.step(1).expectedState).bytes else {
      return XCTFail("a float cannot be sent")
    }
    XCTAssertTrue(problem.message.hasPrefix("steps[1].expectedState cannot be sent"), problem.message)
    XCTAssertThrowsError(
      try StepExchange.sendableAction(document.recorded[1], in: document.texts.bytes, or: document.texts.unsendable))
  }

  func testAReplyEscapedOtherwiseThanTheExpectedLineStillPassesWithItsLabels() throws {
    let (fast, _) = try bothReadings(Self.escapingTree)
    let steps = try XCTUnwrap(Self.escapingTree["steps"]?.arrayValue)
    var conversation = ReplayConversation(document: fast, owner: nil)
    var next = conversation.start(handshake: RunnerHandshake(features: ["notes"]))
    for (index, step) in steps.enumerated() {
      guard case .reduce? = next else { return XCTFail("step \(index) is asked for") }
      var line = try replyLine(
        effects: try XCTUnwrap(step["expectedEffects"]), state: try XCTUnwrap(step["expectedState"]))
      // A writer that escapes `/` (Foundation's does): not the expected line, the same strings.
      line = line.replacingOccurrences(of: "/", with: "\\/")
      next = try conversation.answer(line: Array(line.utf8))
    }
    XCTAssertNil(next)
    XCTAssertNil(conversation.result.failure)
    XCTAssertEqual(conversation.result.steps.map(\.passed), [true, true])
    XCTAssertEqual(conversation.result.steps.map(\.label), ["quotes \"here\"", "plain"])
    XCTAssertEqual(conversation.result.steps.map(\.line), [3, nil])
  }
}

/// The expected reply lines are escaped a word at a time: every text, whatever its length, the
/// places of its quotes and backslashes and the bytes after it, must come out as the byte rule says.
final class ReplyEscapingTests: XCTestCase {
  /// The rule itself, a byte at a time: a backslash before each `"` and `\`.
  func escapedByTheRule(_ text: [UInt8]) -> [UInt8] {
    text.flatMap { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") ? [UInt8(ascii: "\\"), $0] : [$0] }
  }

  func escaped(_ buffer: [UInt8], count: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 2 * count + 8)
    let written = buffer.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        let end = RecordingTexts.escape(
          source.baseAddress!, count, readable: source.count, to: target.baseAddress!)
        return target.baseAddress!.distance(to: end)
      }
    }
    return Array(out[..<written])
  }

  func testEveryTextIsEscapedAsTheByteRuleSaysWhateverItsLengthItsQuotesAndTheBytesAfterIt() {
    // Plain bytes, both bytes to escape, a byte above 0x7F (no borrow may flag its neighbour) and
    // bytes one off a quote and a backslash.
    let alphabet: [UInt8] = [0x61, 0x22, 0x5C, 0xA2, 0xDC, 0x21, 0x23, 0x5B, 0x5D, 0x00, 0xFF]
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      seed ^= seed << 13
      seed ^= seed >> 7
      seed ^= seed << 17
      return Int(seed % UInt64(alphabet.count))
    }
    for length in 0...24 {
      for _ in 0..<150 {
        let text = (0..<length).map { _ in alphabet[next()] }
        // With no byte readable after the text (the byte loop at its end) and with some: bytes
        // after the text, quotes among them, must neither be written nor flag one of its own.
        for slack in [0, 1, 7, 8, 15] {
          let after = (0..<slack).map { _ in [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x61][next() % 3] }
          XCTAssertEqual(
            escaped(text + after, count: length), escapedByTheRule(text), "\(text) with \(slack) bytes after it")
        }
      }
    }
  }
}

/// The fast reader names a key from its bytes without a string: every key the dialect defines is
/// named by its spelling, and nothing else is (a near miss goes to the parser, which names it).
final class KeySpellingTests: XCTestCase {
  func named<Key>(_ text: String, _ make: (UnsafeBufferPointer<UInt8>) -> Key?) -> Key? {
    Array(text.utf8).withUnsafeBufferPointer(make)
  }

  func testEveryDocumentKeyIsNamedByItsSpellingAndANearMissIsNot() {
    for key in DocumentKey.allCases {
      XCTAssertEqual(named(key.rawValue, DocumentKey.init(spelledBy:)), key)
      XCTAssertNil(named(key.rawValue.uppercased(), DocumentKey.init(spelledBy:)), key.rawValue)
      XCTAssertNil(named(String(key.rawValue.dropLast()) + "x", DocumentKey.init(spelledBy:)), key.rawValue)
      XCTAssertNil(named(key.rawValue + "s", DocumentKey.init(spelledBy:)).flatMap { $0 == .initialStates ? nil : $0 })
    }
    XCTAssertNil(named("", DocumentKey.init(spelledBy:)))
    XCTAssertEqual(Set(DocumentKey.allCases.map(\.rawValue)), Set(FixtureDocumentReader.documentKeys))
  }

  func testEveryStepKeyIsNamedByItsSpellingAndANearMissIsNot() {
    for key in StepKey.allCases {
      XCTAssertEqual(named(key.rawValue, StepKey.init(spelledBy:)), key)
      XCTAssertNil(named(String(key.rawValue.dropLast()) + "x", StepKey.init(spelledBy:)), key.rawValue)
    }
    XCTAssertNil(named("", StepKey.init(spelledBy:)))
  }
}
