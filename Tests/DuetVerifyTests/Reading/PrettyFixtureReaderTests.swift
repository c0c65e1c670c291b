import DuetCore
import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// The fast reader must read every canonical recording exactly as the parser-and-writer path does:
/// same document, same wire texts, same trees on demand, same taxonomy sightings.
final class PrettyFixtureReaderTests: XCTestCase {
  /// The example app's recordings and the Duet reference recordings (when `../shared` is present).
  func recordings() throws -> [URL] {
    let fixtures = SharedReference.repositoryRoot.appendingPathComponent("fixtures")
    var files = try FileManager.default.contentsOfDirectory(at: fixtures, includingPropertiesForKeys: nil)
    let reference = SharedReference.folder.appendingPathComponent("duet-framework")
    for platform in ["swift", "kotlin"] {
      let folder = reference.appendingPathComponent(platform)
      files += (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
    }
    return files.filter { $0.lastPathComponent.hasSuffix(".fixture.json") }.sorted { $0.path < $1.path }
  }

  func name(of file: URL) -> String { String(file.lastPathComponent.dropLast(".fixture.json".count)) }

  func testEveryCanonicalRecordingReadsTheSameBothWays() throws {
    let files = try recordings()
    XCTAssertGreaterThan(files.count, 40)
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: file))
      let name = name(of: file)
      let fast = try XCTUnwrap(PrettyFixtureReader.read(bytes, name: name), file.lastPathComponent)
      let tree = try JSONParser().parse(bytes)
      let slow = try FixtureDocumentReader.read(tree, name: name)
      assertSameDocument(fast, slow, file.lastPathComponent)
      XCTAssertEqual(
        TrackEnvelopeScanner.scan(fixture: name, document: fast.taxonomyDocument, feature: nil).map(describe),
        TrackEnvelopeScanner.scan(fixture: name, document: tree, feature: nil).map(describe), file.lastPathComponent)
    }
  }

  func assertSameDocument(_ a: FixtureDocument, _ b: FixtureDocument, _ file: String) {
    XCTAssertEqual(a.name, b.name, file)
    XCTAssertEqual(a.kind, b.kind, file)
    XCTAssertEqual(a.dialect, b.dialect, file)
    XCTAssertEqual(a.feature, b.feature, file)
    XCTAssertEqual(a.scenarioSource, b.scenarioSource, file)
    XCTAssertEqual(a.nodes, b.nodes, file)
    XCTAssertEqual(a.initialState.map(text), b.initialState.map(text), file)
    XCTAssertEqual(a.initialStates.mapValues(text), b.initialStates.mapValues(text), file)
    XCTAssertEqual(a.steps.count, b.steps.count, file)
    for (left, right) in zip(a.steps, b.steps) {
      let where_ = "\(file) step \(left.index)"
      XCTAssertEqual(
        [left.node, left.label, left.line.map(String.init), String(left.linkToNext)],
        [right.node, right.label, right.line.map(String.init), String(right.linkToNext)], where_)
      XCTAssertEqual(text(left.action), text(right.action), where_)
      XCTAssertEqual(left.expectedState.map(text), right.expectedState.map(text), where_)
      XCTAssertEqual(text(left.expectedEffects), text(right.expectedEffects), where_)
      XCTAssertEqual(left.expectedState?.tree, right.expectedState?.tree, where_)
      XCTAssertEqual(left.expectedEffects.tree, right.expectedEffects.tree, where_)
      XCTAssertEqual(left.action.tree, right.action.tree, where_)
    }
    for (left, right) in zip(a.recorded, b.recorded) {
      // The line a runner answers when the step passes, which replay compares with one `memcmp`.
      XCTAssertEqual(
        left.reply.range.map { String(decoding: a.texts.replies[$0], as: UTF8.self) },
        right.reply.range.map { String(decoding: b.texts.replies[$0], as: UTF8.self) }, file)
    }
  }

  func text(_ wire: WireText) -> String? { try? wire.text.get() }

  func testTheFastReadersTextsAreSlicesOfOneSharedBuffer() throws {
    let bytes = Array(try CanonicalWriter.pretty(FixtureText.counterTree()).utf8)
    let document = try XCTUnwrap(PrettyFixtureReader.read(bytes, name: "counter"))
    var owners: Set<UnsafeRawPointer> = []
    for step in document.steps {
      for wire in [step.action, step.expectedEffects] + (step.expectedState.map { [$0] } ?? []) {
        let slice = try wire.bytes.get()
        // A slice's first element sits `startIndex` bytes into its buffer.
        _ = slice.withUnsafeBufferPointer { owners.insert(UnsafeRawPointer($0.baseAddress! - slice.startIndex)) }
      }
    }
    XCTAssertEqual(owners.count, 1, "every text shares the document's compact buffer, none is a copy")
  }

  func describe(_ sighted: TrackEnvelopeScanner.Sighted) -> String { String(describing: sighted) }

  func testARecordingThatIsNotCanonicalIsLeftToTheParser() throws {
    let text = "{\"dialect\":2,\"feature\":\"counter\",\"initialState\":{},\"steps\":[]}\n"
    XCTAssertNil(PrettyFixtureReader.read(Array(text.utf8), name: "counter"))
  }

  func testAWellFormedButMisshapenRecordingIsLeftToTheParserWhichSaysWhy() throws {
    // Canonical bytes, but a leaf step without expectedState: the slow path reports the shape.
    let tree: JSONValue = .object([
      "initialState": .object([:]),
      "steps": .array([.object(["action": .object(["case": .string("go")]), "expectedEffects": .array([])])]),
    ])
    let bytes = Array(try CanonicalWriter.pretty(tree).utf8)
    XCTAssertNil(PrettyFixtureReader.read(bytes, name: "counter"))
    XCTAssertThrowsError(try FixtureDocumentReader.read(tree, name: "counter"))
  }

  func testBothReadersCheckAStepsShapeByTheSameRulesAndKeys() throws {
    // A misspelt key, a missing action, effects that are not an array: the fast path declines each
    // and the parser's path names it, from the one statement of the step rules (StepMembers).
    let cases: [(JSONValue, String)] = [
      (
        .object(["action": .null, "expectedEffects": .array([]), "expectedstate": .object([:])]),
        "steps[0].expectedstate"
      ),
      (.object(["expectedEffects": .array([]), "expectedState": .object([:])]), "steps[0].action"),
      (
        .object(["action": .null, "expectedEffects": .object([:]), "expectedState": .object([:])]),
        "steps[0].expectedEffects"
      ),
    ]
    for (step, path) in cases {
      let tree: JSONValue = .object(["initialState": .object([:]), "steps": .array([step])])
      XCTAssertNil(PrettyFixtureReader.read(Array(try CanonicalWriter.pretty(tree).utf8), name: "counter"), path)
      XCTAssertThrowsError(try FixtureDocumentReader.read(tree, name: "counter"), path) { error in
        XCTAssertEqual((error as? FixtureFormatError)?.path, path)
      }
    }
    XCTAssertEqual(FixtureDocumentReader.stepKeys, StepKey.allCases.map(\.rawValue))
    XCTAssertEqual(FixtureDocumentReader.stepKeys, FixtureDocumentReader.stepKeys.sorted())
  }

  func testBothReadersCheckADocumentsShapeByTheSameRules() throws {
    // Canonical bytes whose top level breaks a rule: the fast path declines each, and the parser's
    // path names it, from the one statement of the document rules (DocumentMembers).
    let step: JSONValue = .object(["action": .null, "expectedEffects": .array([]), "expectedState": .object([:])])
    let seed: [String: JSONValue] = ["initialState": .object([:]), "steps": .array([step])]
    let cases: [([String: JSONValue], String)] = [
      (seed.merging(["dialect": .integer(3)]) { $1 }, "dialect"),
      (seed.merging(["feature": .integer(1)]) { $1 }, "feature"),
      (seed.merging(["scenario": .string("x")]) { $1 }, "scenario"),
      (seed.merging(["scenario": .object(["source": .integer(1)])]) { $1 }, "scenario.source"),
      (seed.merging(["initialStates": .object([:])]) { $1 }, "initialStates"),
      (["initialStates": .array([]), "steps": .array([step])], "initialStates"),
      (["initialState": .object([:])], "steps"),
      (seed.merging(["steps": .object([:])]) { $1 }, "steps"),
      (seed.merging(["steps": .array([])]) { $1 }, "steps"),
      (seed.merging(["steps": .array([.integer(1)])]) { $1 }, "steps[0]"),
      (seed.merging(["step": .array([])]) { $1 }, "step"),
      (["steps": .array([step])], "initialState"),
    ]
    for (members, path) in cases {
      let tree = JSONValue.object(members)
      XCTAssertNil(PrettyFixtureReader.read(Array(try CanonicalWriter.pretty(tree).utf8), name: "counter"), path)
      XCTAssertThrowsError(try FixtureDocumentReader.read(tree, name: "counter"), path) { error in
        XCTAssertEqual((error as? FixtureFormatError)?.path, path)
      }
    }
    XCTAssertEqual(FixtureDocumentReader.documentKeys, FixtureDocumentReader.documentKeys.sorted())
  }

  /// `tree` with the member `key` of the object at `path` (object keys and array indices) replaced
  /// by `value`, or removed when `value` is nil, or renamed to `rename`.
  func edited(_ tree: JSONValue, at path: [String], key: String, value: JSONValue?, rename: String? = nil) -> JSONValue
  {
    if let first = path.first {
      switch tree {
      case .object(var members):
        members[first] = members[first].map {
          edited($0, at: Array(path.dropFirst()), key: key, value: value, rename: rename)
        }
        return .object(members)
      case .array(var elements):
        let index = Int(first)!
        elements[index] = edited(elements[index], at: Array(path.dropFirst()), key: key, value: value, rename: rename)
        return .array(elements)
      default: return tree
      }
    }
    guard case .object(var members) = tree else { return tree }
    let old = members.removeValue(forKey: key)
    if let rename { members[rename] = old } else if let value { members[key] = value }
    return .object(members)
  }

  func testTheFastReaderReadsOnlyWhatTheParserReadsAndReadsItTheSame() throws {
    // Every member of a leaf and a chain removed, renamed to a near miss (a letter more before or
    // after, one less, another case, its first letter doubled: `lline` sorts where `line` stands
    // and ends in its bytes) or given a value of each kind: the fast reader either declines
    // (the parser then reads or refuses it) or reads the document the parser reads; it never
    // reads a document the parser refuses.
    let values: [JSONValue] = [.null, .bool(true), .integer(7), .integer(2), .string("x"), .array([]), .object([:])]
    var variants: [JSONValue] = []
    for base in [FixtureText.counterTree(), FixtureText.chainTree()] {
      guard case .object(let top) = base, case .array(let steps)? = top["steps"] else { continue }
      var places: [([String], [String])] = [([], Array(top.keys))]
      for (index, step) in steps.enumerated() {
        if case .object(let members) = step { places.append((["steps", String(index)], Array(members.keys))) }
      }
      if case .object(let scenario)? = top["scenario"] { places.append((["scenario"], Array(scenario.keys))) }
      for (path, keys) in places {
        for key in keys {
          variants.append(edited(base, at: path, key: key, value: nil))
          let doubled = String(key.prefix(1)) + key
          for near in ["x" + key, key + "s", String(key.dropLast()), key.uppercased(), "a" + key.dropFirst(), doubled] {
            variants.append(edited(base, at: path, key: key, value: nil, rename: near))
          }
          for value in values { variants.append(edited(base, at: path, key: key, value: value)) }
        }
      }
    }
    XCTAssertGreaterThan(variants.count, 300)
    var read = 0
    for (number, tree) in variants.enumerated() {
      guard let bytes = try? CanonicalWriter.pretty(tree) else { continue }
      let fast = PrettyFixtureReader.read(Array(bytes.utf8), name: "counter")
      let slow = try? FixtureDocumentReader.read(tree, name: "counter")
      guard let fast else { continue }
      read += 1
      guard let slow else {
        XCTFail("variant \(number): the fast reader read what the parser refuses:\n\(bytes)")
        continue
      }
      assertSameDocument(fast, slow, "variant \(number)")
    }
    XCTAssertGreaterThan(read, 50, "the fast reader reads the variants that are still recordings")
  }

  func testALeafStepInTheRecordersShapeIsReadStraightFromTheIndexAsTheSharedRulesReadIt() throws {
    // Each step as the only step of a leaf recording: `plainLeafStep` reads the shapes recorders
    // write into the step the shared rules make of the same members, and leaves every other shape
    // (nil) to those rules.
    let state = FixtureText.counterState(1)
    let base: [String: JSONValue] = [
      "action": FixtureText.action("increment"), "expectedEffects": .array([]), "expectedState": state,
    ]
    func step(_ extra: [String: JSONValue], without: String? = nil) -> JSONValue {
      var members = base.merging(extra) { $1 }
      if let without { members[without] = nil }
      return .object(members)
    }
    let taken: [JSONValue] = [
      step([:]), step(["label": .string("a label")]), step(["line": .integer(12)]), step(["line": .integer(-3)]),
      step(["line": .integer(.max)]), step(["linkToNext": .bool(true)]), step(["linkToNext": .bool(false)]),
      step(["label": .string(""), "line": .integer(0), "linkToNext": .bool(true)]),
      step(["expectedEffects": .array([.object(["kind": .string("run")])]), "label": .string("runs")]),
    ]
    let left: [JSONValue] = [
      step(["label": .string("a \"quoted\" label")]), step(["node": .string("counter")]),
      step(["expectedEffects": .object([:])]), step(["line": .string("12")]), step(["linkToNext": .null]),
      step(["label": .integer(1)]), step(["zzz": .null]), step([:], without: "expectedState"),
      step([:], without: "action"), step(["expectedstate": state], without: "expectedState"), .array([]),
    ]
    for (shape, expected) in [(taken, true), (left, false)] {
      for value in shape {
        let tree: JSONValue = .object(["initialState": state, "steps": .array([value])])
        let bytes = Array(try CanonicalWriter.pretty(tree).utf8)
        let document = try XCTUnwrap(CanonicalPrettyDocument(validating: bytes), "\(value)")
        try document.compactText.withUnsafeBufferPointer { compact in
          try document.withIndex { nodes in
            try CompactDocumentView(nodes: nodes, compact: compact).withRoot { root in
              let steps = try XCTUnwrap(root.member("steps") ?? nil)
              let first = Int(nodes[Int(steps.node)].firstChild)
              let plain = PrettyFixtureReader.plainLeafStep(first, nodes: nodes, text: compact.baseAddress!)
              XCTAssertEqual(plain != nil, expected, "\(value)")
              guard let plain else { return }
              var texts = RecordingTexts()
              let members = try XCTUnwrap(PrettyFixtureReader.stepMembers(first, in: root.document))
              let ruled = try FixtureDocumentReader.readStep(members, index: 0, kind: .leaf, seeds: [:], texts: &texts)
              XCTAssertEqual(
                [plain.action, plain.expectedEffects, plain.expectedState, plain.reply, plain.label.span],
                [ruled.action, ruled.expectedEffects, ruled.expectedState, ruled.reply, ruled.label.span], "\(value)")
              XCTAssertEqual(
                [plain.label.quoted, plain.linkToNext], [ruled.label.quoted, ruled.linkToNext], "\(value)")
              XCTAssertEqual(plain.line, ruled.line, "\(value)")
              XCTAssertEqual(plain.node, ruled.node, "\(value)")
            }
          }
        }
      }
    }
  }

  func testCompactMembersReadTheirScalarsAsTheParserDoes() throws {
    let values: [JSONValue] = [
      .integer(.min), .integer(.max), .integer(0), .integer(-7), .string("a \"quoted\" label\n"), .string(""),
      .string("é"), .bool(true), .bool(false), .null, .array([]), .object(["a": .integer(1)]),
    ]
    for value in values {
      let bytes = Array(try CanonicalWriter.pretty(.array([value])).utf8)
      let document = try XCTUnwrap(CanonicalPrettyDocument(validating: bytes), "\(value)")
      try document.compactText.withUnsafeBufferPointer { compact in
        try document.withIndex { nodes in
          try CompactDocumentView(nodes: nodes, compact: compact).withRoot { root in
            let element = try XCTUnwrap(root.arrayElements?.first)
            XCTAssertEqual(element.kindName, value.kindName)
            XCTAssertEqual(element.isArray, value.isArray)
            XCTAssertEqual(element.stringValue, value.stringValue)
            XCTAssertEqual(element.integerValue, value.integerValue)
            XCTAssertEqual(element.boolValue, value.boolValue)
            XCTAssertEqual(element.tree, value)
            XCTAssertEqual(try element.wireText(what: "x").text.get(), try CanonicalWriter.compact(value))
          }
        }
      }
    }
  }

  func testOnlyEffectsThatMentionTrackAreScannedForTheTaxonomy() {
    XCTAssertTrue(PrettyFixtureReader.mentionsTrack(ArraySlice(#"[{"payload":{"case":"track"}}]"#.utf8)))
    XCTAssertFalse(PrettyFixtureReader.mentionsTrack(ArraySlice(#"[{"payload":{"case":"tracking"}}]"#.utf8)))
    XCTAssertFalse(PrettyFixtureReader.mentionsTrack(ArraySlice(#"[{"note":"say \"track\""}]"#.utf8)))
    XCTAssertFalse(PrettyFixtureReader.mentionsTrack(ArraySlice("[]".utf8)))
  }

  func testTheTrackTokenIsFoundAtEitherEndOfTheTextAndNotInPart() {
    // The search looks for the token's `k` and then around it: the token flush with either end,
    // a `k` too early to end one, and near misses on each side.
    XCTAssertTrue(PrettyFixtureReader.mentionsTrack(ArraySlice(#""track""#.utf8)))
    XCTAssertTrue(PrettyFixtureReader.mentionsTrack(ArraySlice(#"["kk","track"]"#.utf8)))
    XCTAssertTrue(PrettyFixtureReader.mentionsTrack(ArraySlice(#"{"k":"track"}"#.utf8)))
    XCTAssertFalse(PrettyFixtureReader.mentionsTrack(ArraySlice(#""track"#.utf8)))
    XCTAssertFalse(PrettyFixtureReader.mentionsTrack(ArraySlice(#"track""#.utf8)))
    XCTAssertFalse(PrettyFixtureReader.mentionsTrack(ArraySlice(#"["trac","rack","trak"]"#.utf8)))
    XCTAssertFalse(PrettyFixtureReader.mentionsTrack(ArraySlice(#"k"#.utf8)))
  }
}
