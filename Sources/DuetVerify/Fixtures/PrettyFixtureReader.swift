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
    var skeleton: [String: JSONValue] = [:]
    var slim: [String: JSONValue] = [:]
    var texts = FixtureDocumentReader.Texts(initialState: WireText(text: "null"))
    var slimSteps: [JSONValue] = []
    for (key, span) in top {
      switch key {
      case "initialState":
        skeleton[key] = .null
        texts.initialState = WireText(text: text.compact(of: span))
      case "initialStates":
        guard let seeds = text.members(of: span) else { return nil }
        skeleton[key] = .object(Dictionary(uniqueKeysWithValues: seeds.map { ($0.key, JSONValue.null) }))
        slim[key] = .object([:])
        for seed in seeds { texts.initialStates[seed.key] = WireText(text: text.compact(of: seed.value)) }
      case "steps":
        guard let elements = text.elements(of: span) else { return nil }
        texts.steps.reserveCapacity(elements.count)
        slimSteps.reserveCapacity(elements.count)
        for element in elements {
          guard let step = readStep(element, in: text) else { return nil }
          slimSteps.append(step.slim)
          texts.steps.append(step.texts)
        }
        // One placeholder per step: the steps' members travel with their texts.
        skeleton[key] = .array(Array(repeating: .null, count: elements.count))
        slim[key] = .array(slimSteps)
      case "dialect", "feature", "scenario":
        skeleton[key] = text.value(of: span)
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

  struct StepReading {
    var slim: JSONValue
    var texts: FixtureDocumentReader.StepTexts
  }

  /// A step's members straight from the bytes: the big values as placeholders beside their texts,
  /// the small ones read; no dictionary but the slim taxonomy step.
  static func readStep(_ span: CanonicalPrettyDocument.Value, in text: CanonicalPrettyDocument) -> StepReading? {
    guard let members = text.members(of: span) else { return nil }
    var step = StepMembers()
    var effectsForTaxonomy: JSONValue?
    var action: WireText?
    var expectedState: WireText?
    var expectedEffects: WireText?
    for (name, value) in members {
      // A key the dialect does not define: the slow path names it.
      guard let key = StepMembers.Key(rawValue: name) else { return nil }
      switch key {
      case .action:
        step.action = .null
        action = WireText(text: text.compact(of: value))
      case .expectedState:
        step.expectedState = .null
        expectedState = WireText(text: text.compact(of: value))
      case .expectedEffects:
        guard text.leadingByte(of: value) == UInt8(ascii: "[") else { return nil }
        step.expectedEffects = .array([])
        let compact = text.compactBytes(of: value)
        // Only effects that can hold a `track` envelope are parsed for the taxonomy gate.
        effectsForTaxonomy = mentionsTrack(compact) ? text.value(of: value) : .array([])
        expectedEffects = WireText(text: String(decoding: compact, as: UTF8.self))
      case .label, .line, .linkToNext, .node:
        step[key] = scalar(text.compactBytes(of: value)) ?? text.value(of: value)
      }
    }
    var slim = [String: JSONValue](minimumCapacity: 2)
    slim["expectedEffects"] = effectsForTaxonomy
    slim["node"] = step.node
    return StepReading(
      slim: .object(slim),
      texts: FixtureDocumentReader.StepTexts(
        members: step, action: action ?? WireText(text: "null"), expectedState: expectedState,
        expectedEffects: expectedEffects ?? WireText(text: "[]")))
  }

  /// A small canonical scalar read directly: an escape-free string, an integer, a boolean; `nil`
  /// for anything else (the parser reads it then).
  static func scalar(_ compact: ArraySlice<UInt8>) -> JSONValue? {
    guard let first = compact.first else { return nil }
    switch first {
    case UInt8(ascii: "\""):
      let content = compact.dropFirst().dropLast()
      guard compact.count >= 2, !content.contains(UInt8(ascii: "\\")) else { return nil }
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
    let needle: [UInt8] = Array("\"track\"".utf8)
    return compact.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress, bytes.count >= needle.count else { return false }
      var offset = 0
      while offset <= bytes.count - needle.count,
        let found = memchr(base + offset, Int32(needle[0]), bytes.count - needle.count + 1 - offset)
      {
        let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if memcmp(base + position, needle, needle.count) == 0 { return true }
        offset = position + 1
      }
      return false
    }
  }

}
