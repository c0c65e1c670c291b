import DuetCore
import DuetPlatform

/// Reads a recording whose bytes are proven canonical without parsing its big values.
///
/// A recording is mostly states (the seed and every step's expected state); replay only ever
/// needs them as compact text, and the file, once proven canonical, already holds that text with
/// layout around it. So every member is read in place from the document's index as a
/// `CompactMember` (its compact bytes), and the same `FixtureDocumentReader` rules as for a parsed
/// recording run over them, so both readers accept and refuse exactly the same documents. The
/// seed, actions and expectations become texts straight from the bytes; only the small fields
/// are decoded, and no dictionary is built. Anything irregular returns `nil` and the caller takes
/// the slow path, which also explains the problem.
enum PrettyFixtureReader {
  /// The document, its taxonomy document the slim tree of the effects that can hold a `track`
  /// (file and bytes are the caller's to add).
  static func read(_ bytes: [UInt8], name: String) -> FixtureDocument? {
    guard let text = CanonicalPrettyDocument(validating: bytes) else { return nil }
    return withUnsafePointer(to: text.compactText) { shared in
      shared.pointee.withUnsafeBufferPointer { compact in
        text.withIndex { nodes in
          CompactDocumentView(nodes: nodes, compact: compact, shared: shared).withRoot {
            read($0, name: name, compactText: text.compactText)
          }
        }
      }
    }
  }

  /// `read` from the proven document's root; `compactText` is the document's whole compact text,
  /// which the steps' spans point into.
  static func read(_ root: CompactMember, name: String, compactText: [UInt8]) -> FixtureDocument? {
    guard root.leadingByte == UInt8(ascii: "{") else { return nil }
    var top = DocumentMembers<CompactMember>()
    let indexed = try? root.forEachChild { key, value throws(FixtureFormatError) in
      // A key the dialect does not define: the slow path names it.
      guard let known = DocumentKey(spelledBy: key) else {
        throw FixtureFormatError(path: "the document", problem: "holds a key the dialect does not define")
      }
      top[known] = value
    }
    guard indexed == true else { return nil }
    var slimSteps: [JSONValue]?
    guard
      var document = try? FixtureDocumentReader.read(
        top, name: name, texts: RecordingTexts(bytes: compactText),
        readSteps: { elements, kind, seeds, texts throws(FixtureFormatError) in
          try readSteps(elements, kind: kind, seeds: seeds, texts: &texts, slim: &slimSteps)
        })
    else { return nil }
    // Without an effect that can hold a `track` the gate finds nothing in a slim tree of `null`
    // steps, and nothing in `.null` either: the tree is made only for a recording that has one.
    guard let slimSteps else { return document }
    var slim = [String: JSONValue](minimumCapacity: 3)
    slim["feature"] = top.feature.map { feature in feature.stringValue.map(JSONValue.string) ?? feature.tree }
    if top.initialStates != nil { slim["initialStates"] = .object([:]) }
    slim["steps"] = .array(slimSteps)
    document.taxonomyDocument = .object(slim)
    return document
  }

  /// The `steps` elements, each checked by `FixtureDocumentReader.readStep` over its members in
  /// place (no string but the texts and the small fields); `slim` gets the slim taxonomy steps
  /// from the first step whose effects can hold a `track` on (`nil` while there is none). A step
  /// whose effects cannot hold one is `null` in the slim taxonomy tree (the gate skips it).
  static func readSteps(
    _ elements: [CompactMember], kind: FixtureDocument.Kind, seeds: [String: WireText], texts: inout RecordingTexts,
    slim: inout [JSONValue]?
  ) throws(FixtureFormatError) -> [RecordedStep] {
    var steps: [RecordedStep] = []
    steps.reserveCapacity(elements.count)
    let unknownKey = FixtureFormatError(path: "steps", problem: "holds a key the dialect does not define")
    for element in elements {
      guard element.leadingByte == UInt8(ascii: "{") else { throw unknownKey }
      var members = StepMembers<CompactMember>()
      let document = element.document
      let nodes = document.pointee.nodes
      let compact = document.pointee.compact
      // Every member of a step lies within the index (a step is at its third level).
      var child = Int(nodes[element.node].firstChild)
      while child >= 0 {
        let member = nodes[child]
        // A key the dialect does not define: the slow path names it.
        guard let keyRange = member.key, let key = StepKey(spelledBy: slice(compact, keyRange)) else {
          throw unknownKey
        }
        members[key] = CompactMember(child, in: document)
        child = Int(member.nextSibling)
      }
      steps.append(
        try FixtureDocumentReader.readStep(members, index: steps.count, kind: kind, seeds: seeds, texts: &texts))
      // Only effects that can hold a `track` envelope are parsed for the taxonomy gate.
      if let effects = members.expectedEffects, effects.bytes.count > 2, mentionsTrack(effects.bytes) {
        var slimMembers = [String: JSONValue](minimumCapacity: 2)
        slimMembers["expectedEffects"] = effects.tree
        // Bound first: written `members.node?.tree`, a debug build read the tree of an absent node.
        if let node = members.node { slimMembers["node"] = node.tree }
        if slim == nil {
          slim = Array(repeating: .null, count: steps.count - 1)
          slim?.reserveCapacity(elements.count)
        }
        slim?.append(.object(slimMembers))
      } else {
        slim?.append(.null)
      }
    }
    return steps
  }

  @inline(__always)
  static func slice(_ compact: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: compact[range])
  }

  /// True when the compact text holds the string token `"track"` (a `track` case can only be
  /// written that way: inside another string its quotes would be escaped).
  static func mentionsTrack(_ compact: ArraySlice<UInt8>) -> Bool {
    compact.withUnsafeBufferPointer { mentionsTrack($0) }
  }

  /// The same over bytes in place. The token's `k` is far rarer in effects text than its quotes
  /// (every key and string has two), so the search looks for the `k` and then around it.
  static func mentionsTrack(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let token: StaticString = "\"track\""
    guard let base = bytes.baseAddress, bytes.count >= token.utf8CodeUnitCount else { return false }
    // The `k` has the token's five bytes before it and its closing quote after it.
    var from = 5
    let end = bytes.count - 1
    while from < end, let found = memchr(base + from, Int32(UInt8(ascii: "k")), end - from) {
      let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if memcmp(base + position - 5, token.utf8Start, token.utf8CodeUnitCount) == 0 { return true }
      from = position + 1
    }
    return false
  }

}
