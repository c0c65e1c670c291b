/// An object's members read in place, with ``ObjectDecodingContainer``'s rules: a key the type
/// does not know misses up front (the tree decoder then names it).
///
/// For a sum case's single unlabelled payload the container is the tree decoder's virtual
/// object: one member `_0`, the envelope's `value` (`payload`, -1 when absent); for a case
/// without a payload, an empty object.
///
/// For a sum's envelope itself (``CompactCursor/caseNode``) it is the outer container the
/// synthesized enum decoding asks for, with ``SumCaseContainer``'s rules: its one key is the
/// case's, its nested container is the case's payload, and any other read is a miss.
struct CompactObjectContainer<Key: CodingKey>: IntegerKeyedDecoding {
  static var unlabelled: Int { CompactCursor.unlabelledObject }
  static var empty: Int { CompactCursor.emptyObject }

  /// Where the container reads: its own, or a pooled one's (``CompactContainerCell``), pointed at
  /// each value it serves in turn.
  let cursor: CompactCursor
  var document: CompactDocument { cursor.document }
  /// The object's node, or ``unlabelled`` or ``empty``.
  var object: Int { cursor.object }
  var payload: Int { cursor.payload }
  /// Reading the path is what a type does to word an error: a miss, so the tree decoder words it
  /// (no path is carried on the compact path at all).
  var codingPath: [any CodingKey] {
    document.missed = true
    return []
  }

  init(document: CompactDocument, object: Int) throws {
    guard document.nodes[object].kind == .object else { throw CompactDecoding.miss(document) }
    var child = object + 1
    for _ in 0..<document.nodes[object].count {
      guard KeyMemory.shared.accepts(document.key(child), as: Key.self) else { throw CompactDecoding.miss(document) }
      child = Int(document.nodes[child].next)
    }
    cursor = CompactCursor(document: document, object: object, payload: -1)
  }

  /// A pooled container's, reading through `cursor` (``CompactContainerCell``).
  init(cursor: CompactCursor) {
    self.cursor = cursor
  }

  var allKeys: [Key] {
    // The case's key, checked when the container was made.
    if cursor.caseNode >= 0 { return unsafeDowncast(cursor.caseKeys!, to: KeyList<Key>.self).keys }
    guard object >= 0 else {
      return object == Self.unlabelled && payload >= 0 ? KeyMemory.shared.single("_0", as: Key.self) : []
    }
    var keys: [Key] = []
    var child = object + 1
    for _ in 0..<document.nodes[object].count {
      keys.append(
        contentsOf: KeyMemory.shared.single(String(decoding: document.key(child), as: UTF8.self), as: Key.self))
      child = Int(document.nodes[child].next)
    }
    return keys
  }

  /// The member's node, or -1.
  func find(_ key: Key) -> Int {
    guard object >= 0 else { return object == Self.unlabelled && key.stringValue == "_0" ? payload : -1 }
    return document.member(key.stringValue, of: object)
  }

  func contains(_ key: Key) -> Bool {
    if cursor.caseNode >= 0 { return key.stringValue == document.string(cursor.caseNode) }
    return find(key) >= 0
  }

  func require(_ key: Key) throws -> Int {
    let node = find(key)
    guard node >= 0 else {
      if cursor.object == CompactCursor.staleObject { throw CompactCursor.keptPastItsDecoding }
      throw CompactDecoding.miss(document)
    }
    return node
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    if cursor.caseNode >= 0 { throw CompactDecoding.miss(document) }
    let node = find(key)
    return node >= 0 && document.nodes[node].kind == .null
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try CompactDecoding.bool(document, try require(key))
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    let node = try require(key)
    guard document.nodes[node].kind == .string else { throw CompactDecoding.miss(document) }
    return document.string(node)
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { throw CompactDecoding.miss(document) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw CompactDecoding.miss(document) }
  func integer<N: FixedWidthInteger>(_ type: N.Type, _ key: Key) throws -> N {
    try CompactDecoding.integer(type, document, try require(key))
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try CompactDecoding.unbox(type, document, try require(key))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    if cursor.caseNode >= 0 { return try KeyMemory.shared.payloadContainer(document, payload, as: NestedKey.self) }
    return try KeyMemory.shared.objectContainer(document, try require(key), as: NestedKey.self)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try CompactArrayContainer(document: document, array: try require(key))
  }

  func superDecoder() throws -> any Decoder { throw CompactDecoding.miss(document) }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw CompactDecoding.miss(document) }
}
