/// One value read in place, with ``ValueDecodingContainer``'s rules.
struct CompactValueContainer: IntegerValueDecoding {
  let document: CompactDocument
  let node: Int
  /// Reading the path is what a type does to word an error: a miss, so the tree decoder words it
  /// (no path is carried on the compact path at all).
  var codingPath: [any CodingKey] {
    document.missed = true
    return []
  }

  func decodeNil() -> Bool { document.nodes[node].kind == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try CompactDecoding.bool(document, node) }
  func decode(_ type: String.Type) throws -> String {
    guard document.nodes[node].kind == .string else { throw CompactDecoding.miss(document) }
    return document.string(node)
  }
  func decode(_ type: Double.Type) throws -> Double { throw CompactDecoding.miss(document) }
  func decode(_ type: Float.Type) throws -> Float { throw CompactDecoding.miss(document) }
  func integer<N: FixedWidthInteger>(_ type: N.Type) throws -> N {
    try CompactDecoding.integer(type, document, node)
  }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try CompactDecoding.unbox(type, document, node) }
}
