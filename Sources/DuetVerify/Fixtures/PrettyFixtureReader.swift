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
    var document = FixtureDocument(reading: name)
    return read(bytes, into: &document) ? document : nil
  }

  /// `read` into `document`, made by the caller with its name, so the document is built where it
  /// is kept (a `FixtureDocument` returned through the reader's closures was copied, each of its
  /// references retained and released, several times per recording). False when the bytes are not
  /// a recording this reader reads; `document` is then partly written, for the caller to drop.
  static func read(_ bytes: [UInt8], into document: inout FixtureDocument) -> Bool {
    // The index is walked where the byte pass wrote it: no array is made for it.
    CanonicalPrettyDocument.withIndex(validating: bytes) { compactText, nodes -> Bool in
      withUnsafePointer(to: compactText) { shared -> Bool in
        compactText.withUnsafeBufferPointer { compact -> Bool in
          CompactDocumentView(nodes: nodes, compact: compact, shared: shared).withRoot { root -> Bool in
            read(root, into: &document, compactText: compactText)
          }
        }
      }
    }
  }

  /// `read` from the proven document's root; `compactText` is the document's whole compact text,
  /// which the steps' spans point into.
  static func read(_ root: CompactMember, into document: inout FixtureDocument, compactText: [UInt8]) -> Bool {
    var top = DocumentMembers<CompactMember>()
    // A key the dialect does not define: the slow path names it.
    guard root.forEachMember(DocumentKey.self, { key, value in top[key] = value }) else { return false }
    var slimSteps: [JSONValue]?
    do {
      try FixtureDocumentReader.read(top, into: &document, texts: RecordingTexts(bytes: compactText)) {
        steps, count, kind, seeds, texts throws(FixtureFormatError) in
        try readSteps(steps, count: count, kind: kind, seeds: seeds, texts: &texts, slim: &slimSteps)
      }
    } catch {
      return false
    }
    // Without an effect that can hold a `track` the gate finds nothing in a slim tree of `null`
    // steps, and nothing in `.null` either: the tree is made only for a recording that has one.
    guard let slimSteps else { return true }
    var slim = [String: JSONValue](minimumCapacity: 3)
    slim["feature"] = top.feature.map { feature in feature.stringValue.map(JSONValue.string) ?? feature.tree }
    if top.initialStates != nil { slim["initialStates"] = .object([:]) }
    slim["steps"] = .array(slimSteps)
    document.taxonomyDocument = .object(slim)
    return true
  }

  /// The `count` elements of `steps`, each checked by `FixtureDocumentReader.readStep` over its
  /// members in place, found in one pass in canonical key order (no string but the texts and the
  /// small fields), unless it is a leaf step in the shape recorders write, which is read straight
  /// from the index (`plainLeafStep`); `slim` gets the slim taxonomy steps from the first step
  /// whose effects can hold a `track` on (`nil` while there is none). A step whose effects cannot
  /// hold one is `null` in the slim taxonomy tree (the gate skips it).
  static func readSteps(
    _ steps: CompactMember, count: Int, kind: FixtureDocument.Kind, seeds: [String: WireText],
    texts: inout RecordingTexts, slim: inout [JSONValue]?
  ) throws(FixtureFormatError) -> [RecordedStep] {
    var recorded: [RecordedStep] = []
    recorded.reserveCapacity(count)
    let document = steps.document
    let nodes = document.pointee.nodes
    let text = document.pointee.compact.baseAddress.unsafelyUnwrapped
    var child = Int(nodes[Int(steps.node)].firstChild)
    while child >= 0 {
      if kind == .leaf, let step = plainLeafStep(child, nodes: nodes, text: text) {
        recorded.append(step)
      } else {
        // Not an object, or a key the dialect does not define: the slow path names it.
        guard let members = stepMembers(child, in: document) else {
          throw FixtureFormatError(path: "steps", problem: "holds a key the dialect does not define")
        }
        recorded.append(
          try FixtureDocumentReader.readStep(members, index: recorded.count, kind: kind, seeds: seeds, texts: &texts))
      }
      // Only effects that can hold a `track` envelope are parsed for the taxonomy gate (the step's
      // members found again: this is rare).
      let effects = recorded[recorded.count &- 1].expectedEffects
      if effects.end &- effects.start > 2,
        mentionsTrack(UnsafeBufferPointer(start: text + Int(effects.start), count: Int(effects.end &- effects.start))),
        let members = stepMembers(child, in: document), let effects = members.expectedEffects
      {
        var slimMembers = [String: JSONValue](minimumCapacity: 2)
        slimMembers["expectedEffects"] = effects.tree
        // Bound first: written `members.node?.tree`, a debug build read the tree of an absent node.
        if let node = members.node { slimMembers["node"] = node.tree }
        if slim == nil {
          slim = Array(repeating: .null, count: recorded.count - 1)
          slim?.reserveCapacity(count)
        }
        slim?.append(.object(slimMembers))
      } else {
        slim?.append(.null)
      }
      child = Int(nodes[child].nextSibling)
    }
    return recorded
  }

  /// The leaf step at `node` when it has the shape recorders write: `action`, `expectedEffects`
  /// (an array) and `expectedState`, then an optional `label` (a string without escapes), `line`
  /// (an integer) and `linkToNext` (a boolean), and nothing else. It is read straight from the
  /// index and the compact `text` (each key by its range, its value by its first byte), into the
  /// step `FixtureDocumentReader.readStep` makes of the same members, with no member table and no
  /// call per member: this runs for every step of every recording. `nil` for any other shape, which
  /// the shared rules then read (they alone word what is wrong).
  @inline(__always)
  static func plainLeafStep(_ node: Int, nodes: UnsafeBufferPointer<PrettyIndexNode>, text: UnsafePointer<UInt8>)
    -> RecordedStep?
  {
    let step = nodes[node]
    var child = Int(step.firstChild)
    guard text[Int(step.compactStart)] == UInt8(ascii: "{"), child >= 0 else { return nil }
    let action = nodes[child]
    guard isKeyed(action, "action", in: text) else { return nil }
    child = Int(action.nextSibling)
    guard child >= 0 else { return nil }
    let effects = nodes[child]
    guard isKeyed(effects, "expectedEffects", in: text), text[Int(effects.compactStart)] == UInt8(ascii: "[")
    else { return nil }
    child = Int(effects.nextSibling)
    guard child >= 0 else { return nil }
    let state = nodes[child]
    guard isKeyed(state, "expectedState", in: text) else { return nil }
    child = Int(state.nextSibling)
    var label = LabelSpan.absent
    if child >= 0, isKeyed(nodes[child], "label", in: text) {
      let value = nodes[child]
      let start = Int(value.compactStart)
      guard CompactMember.plainString(text + start, Int(value.compactEnd &- value.compactStart)) != nil else {
        return nil
      }
      label = LabelSpan(span: TextSpan(start + 1..<Int(value.compactEnd) - 1), quoted: false)
      child = Int(value.nextSibling)
    }
    var line: Int?
    if child >= 0, isKeyed(nodes[child], "line", in: text) {
      let value = nodes[child]
      let count = Int(value.compactEnd &- value.compactStart)
      guard let number = CompactMember.integer(text + Int(value.compactStart), count) else { return nil }
      line = Int(clamping: number)
      child = Int(value.nextSibling)
    }
    var linkToNext = false
    if child >= 0, isKeyed(nodes[child], "linkToNext", in: text) {
      let value = nodes[child]
      switch text[Int(value.compactStart)] {
      case UInt8(ascii: "t"): linkToNext = true
      case UInt8(ascii: "f"): linkToNext = false
      default: return nil
      }
      child = Int(value.nextSibling)
    }
    // A member left over: `node` (which a leaf's rules leave unread) or a key the dialect does not define.
    guard child < 0 else { return nil }
    return RecordedStep(
      action: TextSpan(Int(action.compactStart)..<Int(action.compactEnd)),
      expectedEffects: TextSpan(Int(effects.compactStart)..<Int(effects.compactEnd)),
      expectedState: TextSpan(Int(state.compactStart)..<Int(state.compactEnd)), reply: .absent, label: label,
      line: line, node: -1, linkToNext: linkToNext)
  }

  /// True when the object member `member`'s key is `key`: the index holds each key's bytes between
  /// its quotes (a key with an escape is refused by the byte pass), `-1` for an array element.
  @inline(__always)
  static func isKeyed(_ member: PrettyIndexNode, _ key: StaticString, in text: UnsafePointer<UInt8>) -> Bool {
    let count = key.utf8CodeUnitCount
    return Int(member.keyEnd &- member.keyStart) == count
      && CompactMember.same(text + Int(member.keyStart), key.utf8Start, count)
  }

  /// The members of the step at `node`, read in canonical key order (`StepKey`'s), each key
  /// checked by the bytes before its value; `nil` when the step is not an object whose members are
  /// indexed, or has a key the dialect does not define. Written out key by key rather than over
  /// `StepKey`'s cases, so each check compares with a constant: this runs for every member of
  /// every step (docs/performance.md).
  @inline(__always)
  static func stepMembers(_ node: Int, in document: UnsafePointer<CompactDocumentView>)
    -> StepMembers<CompactMember>?
  {
    let step = CompactMember(node, in: document)
    guard step.leadingByte == UInt8(ascii: "{") else { return nil }
    let first = Int(document.pointee.nodes[node].firstChild)
    guard first >= 0 || step.end &- step.start == 2 else { return nil }
    var members = StepMembers<CompactMember>()
    var cursor = MemberCursor(first, in: document)
    members.action = cursor.take(.action)
    members.expectedEffects = cursor.take(.expectedEffects)
    members.expectedState = cursor.take(.expectedState)
    members.label = cursor.take(.label)
    members.line = cursor.take(.line)
    members.linkToNext = cursor.take(.linkToNext)
    members.node = cursor.take(.node)
    // A member left over has a key the dialect does not define (or one out of canonical order).
    return cursor.current == nil ? members : nil
  }

  /// An object's members in document order, taken one by one when their keys are the ones asked
  /// for in turn.
  struct MemberCursor {
    let document: UnsafePointer<CompactDocumentView>
    /// The member not taken yet; `nil` past the last.
    var current: CompactMember?

    @inline(__always)
    init(_ first: Int, in document: UnsafePointer<CompactDocumentView>) {
      self.document = document
      current = first >= 0 ? CompactMember(first, in: document) : nil
    }

    /// The current member when its key is `key` (the next one becomes current), else `nil`.
    @inline(__always)
    mutating func take(_ key: StepKey) -> CompactMember? {
      guard let member = current, member.isKeyed(key.spelling) else { return nil }
      let next = Int(document.pointee.nodes[Int(member.node)].nextSibling)
      current = next >= 0 ? CompactMember(next, in: document) : nil
      return member
    }
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
