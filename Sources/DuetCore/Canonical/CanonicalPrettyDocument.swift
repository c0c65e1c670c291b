/// A document proven to be in canonical pretty form, read without building a value tree.
///
/// Recordings on disk are canonical pretty text, and a verifier needs three things from each: proof
/// that the bytes are exactly `pretty(parse(bytes))`, the compact canonical text of a few values
/// (the seed, each step's action and expectations), and a handful of small fields. Parsing the
/// whole file into a tree and re-emitting it twice costs far more than the replay it feeds; this
/// type answers all three in one byte pass: it validates, writes the compact form as it goes
/// (every byte but the layout), and indexes the values of the first `indexDepth` levels, so any
/// of them is navigable and its compact text is a slice.
///
/// `init(validating:)` is conservative: it may refuse a canonical document it does not handle
/// (a telemetry double, an escaped object key, absurd nesting), never accept one that is not.
/// Callers fall back to `JSONParser` + `CanonicalWriter.pretty` when it refuses.
public struct CanonicalPrettyDocument: Sendable {
  /// An indexed value of the document.
  public struct Value: Hashable, Sendable {
    let node: Int
  }

  /// The whole document in compact canonical form.
  public let compactText: [UInt8]
  let nodes: [PrettyIndexNode]

  /// Validates `bytes` and indexes values down to `indexDepth` levels below the root; `nil` unless
  /// they are canonical pretty text this reader handles.
  public init?(validating bytes: [UInt8], indexDepth: Int = 3) {
    var made: (compact: [UInt8], nodes: [PrettyIndexNode])?
    let accepted = Self.withIndex(validating: bytes, indexDepth: indexDepth) { compact, index in
      made = (compact, Array(index))
      return true
    }
    guard accepted, let made else { return nil }
    compactText = made.compact
    nodes = made.nodes
  }

  /// Validates `bytes` as ``init(validating:indexDepth:)`` does and calls `body` with the compact
  /// text and the index where the pass wrote it (valid only during the call), so a reader that
  /// walks the index once makes no array for it; false (and no call) unless the bytes are
  /// canonical pretty text this reader handles, else `body`'s answer. The compact text is copied
  /// into an array of its exact size: `Array` of a buffer is allocated through the standard
  /// library's specialised path, where `Array(unsafeUninitializedCapacity:)` looked the storage
  /// type up at run time (~450 instructions an array, on the verifier's per-recording path). Not
  /// generic: called from another module, a generic result's metadata was looked up on each call.
  package static func withIndex(
    validating bytes: [UInt8], indexDepth: Int = 3,
    _ body: (_ compactText: [UInt8], _ index: UnsafeBufferPointer<PrettyIndexNode>) -> Bool
  ) -> Bool {
    guard indexDepth >= 0 else { return false }
    return bytes.withUnsafeBufferPointer { input in
      PrettyRecognizer.document(input, indexDepth: indexDepth) { compact, index in body(Array(compact), index) }
    }
  }

  /// True when `bytes` are exactly the pretty canonical text of the value they hold (within what
  /// ``init(validating:indexDepth:)`` handles).
  public static func isCanonical(_ bytes: [UInt8]) -> Bool {
    CanonicalPrettyDocument(validating: bytes, indexDepth: 0) != nil
  }

  /// The top-level value.
  public var root: Value { Value(node: 0) }

  /// The members of an indexed object, in canonical order; `nil` when `value` is not an object or
  /// lies at the index's last level (its members are not indexed).
  public func members(of value: Value) -> [(key: String, value: Value)]? {
    guard leadingByte(of: value) == UInt8(ascii: "{") else { return nil }
    let children = self.children(of: value)
    guard let children else { return nil }
    return children.map { child in
      let key = nodes[child.node].key ?? 0..<0
      return (String(decoding: compactText[key], as: UTF8.self), child)
    }
  }

  /// The elements of an indexed array; `nil` when `value` is not an array or lies at the index's
  /// last level.
  public func elements(of value: Value) -> [Value]? {
    guard leadingByte(of: value) == UInt8(ascii: "[") else { return nil }
    return children(of: value)
  }

  func children(of value: Value) -> [Value]? {
    let node = nodes[value.node]
    var first = Int(node.firstChild)
    if first < 0 {
      // Empty containers (`{}`, `[]`) have no children; a non-empty one without any is unindexed.
      return node.compact.count == 2 ? [] : nil
    }
    var children: [Value] = []
    while first >= 0 {
      children.append(Value(node: first))
      first = Int(nodes[first].nextSibling)
    }
    return children
  }

  /// The first indexed child of a container, in document order; `nil` for a scalar, an empty
  /// container, or one at the index's last level. Navigation without an array per container, for
  /// readers on a hot path (`members(of:)` and `elements(of:)` say which case applies).
  package func firstChild(of value: Value) -> Value? {
    let first = nodes[value.node].firstChild
    return first >= 0 ? Value(node: Int(first)) : nil
  }

  /// The indexed value after `value` in its container.
  package func nextSibling(of value: Value) -> Value? {
    let next = nodes[value.node].nextSibling
    return next >= 0 ? Value(node: Int(next)) : nil
  }

  /// True when `value` is a container whose children are indexed (an empty one has none to index).
  package func hasIndexedChildren(_ value: Value) -> Bool {
    let node = nodes[value.node]
    return node.firstChild >= 0 || node.compact.count == 2
  }

  /// The index itself, for a reader on a hot path that walks many values: no call per value.
  /// Nodes are numbered as ``node(of:)`` says; links of `-1` mean none.
  package func withIndex<Result>(_ body: (UnsafeBufferPointer<PrettyIndexNode>) throws -> Result) rethrows -> Result {
    try nodes.withUnsafeBufferPointer(body)
  }

  /// `value`'s number in the index (see ``withIndex(_:)``).
  package func node(of value: Value) -> Int { value.node }

  /// Where the key of an object member lies in ``compactText`` (between its quotes; keys of an
  /// accepted document have no escapes), `nil` for an array element or the root.
  package func keyRange(of value: Value) -> Range<Int>? { nodes[value.node].key }

  /// Where `value`'s compact text lies in ``compactText``.
  package func compactRange(of value: Value) -> Range<Int> { nodes[value.node].compact }

  /// The first byte of `value` (`{`, `[`, `"`, a digit, …): its kind at a glance.
  public func leadingByte(of value: Value) -> UInt8 { compactText[nodes[value.node].compact.lowerBound] }

  /// The compact canonical text of `value`.
  public func compactBytes(of value: Value) -> ArraySlice<UInt8> { compactText[nodes[value.node].compact] }

  /// ``compactBytes(of:)`` as a string.
  public func compact(of value: Value) -> String {
    String(decoding: compactBytes(of: value), as: UTF8.self)
  }

  /// `value` as a tree (for the small fields, and for diffs when a step fails).
  public func value(of value: Value) -> JSONValue {
    // The text is proven canonical, so parsing cannot fail; `.null` only guards the impossible.
    (try? JSONParser().parse(compactBytes(of: value))) ?? .null
  }
}
