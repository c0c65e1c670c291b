/// One value read in place, with ``ValueDecodingContainer``'s rules.
struct CompactValueContainer: SingleValueDecodingContainer {
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
  func decode(_ type: Int.Type) throws -> Int { try CompactDecoding.integer(type, document, node) }
  func decode(_ type: Int8.Type) throws -> Int8 { try CompactDecoding.integer(type, document, node) }
  func decode(_ type: Int16.Type) throws -> Int16 { try CompactDecoding.integer(type, document, node) }
  func decode(_ type: Int32.Type) throws -> Int32 { try CompactDecoding.integer(type, document, node) }
  func decode(_ type: Int64.Type) throws -> Int64 { try CompactDecoding.integer(type, document, node) }
  func decode(_ type: UInt.Type) throws -> UInt { try CompactDecoding.integer(type, document, node) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try CompactDecoding.integer(type, document, node) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try CompactDecoding.integer(type, document, node) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try CompactDecoding.integer(type, document, node) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try CompactDecoding.integer(type, document, node) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try CompactDecoding.unbox(type, document, node) }
}
