import DuetCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a recording whose bytes are proven canonical without parsing its big values.
///
/// A recording is mostly states (the seed and every step's expected state); replay only ever
/// needs them as compact text, and the file, once proven canonical, already holds that text with
/// layout around it. So the seed, actions and expectations become texts straight from the bytes,
/// and only the small fields are parsed. The shape is then checked by the same
/// `FixtureDocumentReader` as every other recording, on a skeleton whose big values are
/// placeholders, so both readers accept and refuse exactly the same documents. Anything irregular
/// returns `nil` and the caller takes the slow path, which also explains the problem.
enum PrettyFixtureReader {
  /// The document, its taxonomy document the slim tree of the effects that can hold a `track`
  /// (file and bytes are the caller's to add).
  static func read(_ bytes: [UInt8], name: String) -> FixtureDocument? {
    guard let text = CanonicalPrettyDocument(validating: bytes), let top = text.members(of: text.root) else {
      return nil
    }
    return text.compactText.withUnsafeBufferPointer { compact in
      read(top, of: text, compact: compact, name: name)
    }
  }

  /// `read` over the proven document's compact bytes.
  static func read(
    _ top: [(key: String, value: CanonicalPrettyDocument.Value)], of text: CanonicalPrettyDocument,
    compact: UnsafeBufferPointer<UInt8>, name: String
  ) -> FixtureDocument? {
    var skeleton: [String: JSONValue] = [:]
    var slim: [String: JSONValue] = [:]
    var texts = FixtureDocumentReader.Texts(initialState: WireText(text: "null"))
    for (key, span) in top {
      switch key {
      case "initialState":
        skeleton[key] = .null
        texts.initialState = WireText(text: string(compact, text.compactRange(of: span)))
      case "initialStates":
        guard let seeds = text.members(of: span) else { return nil }
        skeleton[key] = .object(Dictionary(uniqueKeysWithValues: seeds.map { ($0.key, JSONValue.null) }))
        slim[key] = .object([:])
        for seed in seeds { texts.initialStates[seed.key] = WireText(text: text.compact(of: seed.value)) }
      case "steps":
        guard text.leadingByte(of: span) == UInt8(ascii: "["), text.hasIndexedChildren(span) else { return nil }
        // Canonical key order puts `initialState` and `initialStates` before `steps`: the kind and
        // the seeds a chain step's node is checked against are known here.
        let kind: FixtureDocument.Kind = skeleton["initialStates"] != nil ? .chain : .leaf
        guard let slimSteps = readSteps(span, of: text, compact: compact, kind: kind, into: &texts) else {
          return nil
        }
        // One placeholder per step: the steps' members travel with their texts.
        skeleton[key] = .array(Array(repeating: .null, count: slimSteps.count))
        slim[key] = .array(slimSteps)
      case "dialect", "feature", "scenario":
        skeleton[key] = scalar(slice(compact, text.compactRange(of: span))) ?? text.value(of: span)
        if key == "feature" { slim[key] = skeleton[key] }
      case "description", "chain":
        continue  // metadata: neither replay nor lint reads it
      default:
        return nil  // a key the dialect does not define: the slow path names it
      }
    }
    guard var document = try? FixtureDocumentReader.read(.object(skeleton), name: name, texts: texts) else {
      return nil
    }
    document.taxonomyDocument = .object(slim)
    return document
  }

  /// Every step of the `steps` array into `texts`; returns the slim taxonomy steps.
  static func readSteps(
    _ steps: CanonicalPrettyDocument.Value, of text: CanonicalPrettyDocument, compact: UnsafeBufferPointer<UInt8>,
    kind: FixtureDocument.Kind, into texts: inout FixtureDocumentReader.Texts
  ) -> [JSONValue]? {
    var count = 0
    var element = text.firstChild(of: steps)
    while let step = element {
      count += 1
      element = text.nextSibling(of: step)
    }
    var slimSteps: [JSONValue] = []
    slimSteps.reserveCapacity(count)
    texts.steps.reserveCapacity(count)
    let spellings = StepMembers.spellings
    element = text.firstChild(of: steps)
    while let step = element {
      guard let reading = readStep(step, in: text, compact: compact, spellings: spellings),
        let checked = try? FixtureDocumentReader.readStep(
          reading.texts.members, index: texts.steps.count, kind: kind, seeds: texts.initialStates,
          texts: reading.texts)
      else { return nil }
      slimSteps.append(reading.slim)
      texts.steps.append(checked)
      element = text.nextSibling(of: step)
    }
    return slimSteps
  }

  struct StepReading {
    var slim: JSONValue
    var texts: FixtureDocumentReader.StepTexts
  }

  /// A step's members straight from the bytes: the big values as placeholders beside their texts,
  /// the small ones read; no dictionary, and no string but the texts and the small fields. A step
  /// whose effects cannot hold a `track` is `null` in the slim taxonomy tree (the gate skips it).
  static func readStep(
    _ span: CanonicalPrettyDocument.Value, in text: CanonicalPrettyDocument, compact: UnsafeBufferPointer<UInt8>,
    spellings: [(bytes: [UInt8], key: StepMembers.Key)]
  ) -> StepReading? {
    guard text.leadingByte(of: span) == UInt8(ascii: "{"), text.hasIndexedChildren(span) else { return nil }
    var step = StepMembers()
    var effectsForTaxonomy: JSONValue?
    var action: WireText?
    var expectedState: WireText?
    var expectedEffects: WireText?
    var cursor = 0
    var member = text.firstChild(of: span)
    while let value = member {
      member = text.nextSibling(of: value)
      let keyRange = text.keyRange(of: value) ?? 0..<0
      // A key the dialect does not define: the slow path names it.
      guard let key = StepMembers.key(spelledBy: slice(compact, keyRange), in: spellings, from: &cursor) else {
        return nil
      }
      let range = text.compactRange(of: value)
      switch key {
      case .action:
        step.action = .null
        action = WireText(text: string(compact, range))
      case .expectedState:
        step.expectedState = .null
        expectedState = WireText(text: string(compact, range))
      case .expectedEffects:
        guard compact[range.lowerBound] == UInt8(ascii: "[") else { return nil }
        step.expectedEffects = .array([])
        if range.count == 2 {
          expectedEffects = WireText(text: "[]")
        } else {
          // Only effects that can hold a `track` envelope are parsed for the taxonomy gate.
          if mentionsTrack(slice(compact, range)) { effectsForTaxonomy = text.value(of: value) }
          expectedEffects = WireText(text: string(compact, range))
        }
      case .label, .line, .linkToNext, .node:
        step[key] = scalar(slice(compact, range)) ?? text.value(of: value)
      }
    }
    var slim = JSONValue.null
    if let effectsForTaxonomy {
      var members = [String: JSONValue](minimumCapacity: 2)
      members["expectedEffects"] = effectsForTaxonomy
      members["node"] = step.node
      slim = .object(members)
    }
    return StepReading(
      slim: slim,
      texts: FixtureDocumentReader.StepTexts(
        members: step, action: action ?? WireText(text: "null"), expectedState: expectedState,
        expectedEffects: expectedEffects ?? WireText(text: "[]")))
  }

  @inline(__always)
  static func slice(_ compact: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: compact[range])
  }

  @inline(__always)
  static func string(_ compact: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: slice(compact, range), as: UTF8.self)
  }

  /// A small canonical scalar read directly: an escape-free string, an integer, a boolean; `nil`
  /// for anything else (the parser reads it then).
  static func scalar(_ compact: UnsafeBufferPointer<UInt8>) -> JSONValue? {
    guard let first = compact.first else { return nil }
    switch first {
    case UInt8(ascii: "\""):
      guard compact.count >= 2 else { return nil }
      let content = UnsafeBufferPointer(rebasing: compact[1..<(compact.count - 1)])
      guard !content.contains(UInt8(ascii: "\\")) else { return nil }
      return .string(String(decoding: content, as: UTF8.self))
    case UInt8(ascii: "t"): return .bool(true)
    case UInt8(ascii: "f"): return .bool(false)
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      guard compact.count <= 18 else { return nil }
      var number: Int64 = 0
      for byte in compact {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        number = number * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      return .integer(number)
    default: return nil
    }
  }

  /// True when the compact text holds the string token `"track"` (a `track` case can only be
  /// written that way: inside another string its quotes would be escaped).
  static func mentionsTrack(_ compact: ArraySlice<UInt8>) -> Bool {
    compact.withUnsafeBufferPointer { mentionsTrack($0) }
  }

  static let trackToken: [UInt8] = Array("\"track\"".utf8)

  /// The same over bytes in place.
  static func mentionsTrack(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    trackToken.withUnsafeBufferPointer { needle in
      guard let base = bytes.baseAddress, bytes.count >= needle.count else { return false }
      var offset = 0
      while offset <= bytes.count - needle.count,
        let found = memchr(base + offset, Int32(needle[0]), bytes.count - needle.count + 1 - offset)
      {
        let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if memcmp(base + position, needle.baseAddress.unsafelyUnwrapped, needle.count) == 0 { return true }
        offset = position + 1
      }
      return false
    }
  }

}
