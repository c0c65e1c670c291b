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

  /// Every step of the `steps` array into `texts`, each member read in place from the index (no
  /// string but the texts and the small fields); returns the slim taxonomy steps. A step whose
  /// effects cannot hold a `track` is `null` in the slim taxonomy tree (the gate skips it).
  static func readSteps(
    _ steps: CanonicalPrettyDocument.Value, of text: CanonicalPrettyDocument, compact: UnsafeBufferPointer<UInt8>,
    kind: FixtureDocument.Kind, into texts: inout FixtureDocumentReader.Texts
  ) -> [JSONValue]? {
    text.withIndex { nodes in
      var count = 0
      var element = nodes[text.node(of: steps)].firstChild
      while element >= 0 {
        count += 1
        element = nodes[element].nextSibling
      }
      var slimSteps: [JSONValue] = []
      slimSteps.reserveCapacity(count)
      texts.steps.reserveCapacity(count)
      element = nodes[text.node(of: steps)].firstChild
      while element >= 0 {
        let step = nodes[element]
        // Every member of a step lies within the index; a step that is not an object has none.
        guard compact[step.compact.lowerBound] == UInt8(ascii: "{") else { return nil }
        var members = StepMembers<CompactMember>()
        var child = step.firstChild
        while child >= 0 {
          let member = nodes[child]
          // A key the dialect does not define: the slow path names it.
          guard let keyRange = member.key, let key = StepKey(spelledBy: slice(compact, keyRange)) else { return nil }
          members[key] = CompactMember(bytes: slice(compact, member.compact))
          child = member.nextSibling
        }
        guard
          let checked = try? FixtureDocumentReader.readStep(
            members, index: texts.steps.count, kind: kind, seeds: texts.initialStates)
        else { return nil }
        var slim = JSONValue.null
        // Only effects that can hold a `track` envelope are parsed for the taxonomy gate.
        if let effects = members.expectedEffects, effects.bytes.count > 2, mentionsTrack(effects.bytes) {
          var slimMembers = [String: JSONValue](minimumCapacity: 2)
          slimMembers["expectedEffects"] = effects.tree
          slimMembers["node"] = members.node?.tree
          slim = .object(slimMembers)
        }
        slimSteps.append(slim)
        texts.steps.append(checked)
        element = step.nextSibling
      }
      return slimSteps
    }
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
