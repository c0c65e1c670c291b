/// The outer container of a sum on the compact path, with ``SumCaseContainer``'s rules: the
/// envelope holds `case` (a case name the type knows) and at most `value`, and nothing else.
struct CompactSumContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let document: CompactDocument
  /// The `case` member's node and the `value` member's (-1 when absent).
  let caseNode: Int
  let payload: Int
  let allKeys: [Key]
  /// Reading the path is what a type does to word an error: a miss, so the tree decoder words it
  /// (no path is carried on the compact path at all).
  var codingPath: [any CodingKey] {
    document.missed = true
    return []
  }

  init(document: CompactDocument, envelope: Int) throws {
    let node = document.nodes[envelope]
    // Keys are in byte order: `case`, then `value` when there is one.
    guard node.kind == .object, node.count == 1 || node.count == 2,
      document.member("case", of: envelope) == envelope + 1,
      document.nodes[envelope + 1].kind == .string
    else { throw CompactDecoding.miss(document) }
    let payload = node.count == 2 ? Int(document.nodes[envelope + 1].next) : -1
    if payload >= 0, document.member("value", of: envelope) != payload { throw CompactDecoding.miss(document) }
    let name = document.nodes[envelope + 1]
    let keys = KeyMemory.shared.single(
      UnsafeBufferPointer(rebasing: document.bytes[Int(name.start) + 1..<Int(name.end) - 1]), as: Key.self)
    guard keys.count > 0 else { throw CompactDecoding.miss(document) }
    self.document = document
    caseNode = envelope + 1
    self.payload = payload
    allKeys = keys
  }

  func contains(_ key: Key) -> Bool { key.stringValue == document.string(caseNode) }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try KeyMemory.shared.payloadContainer(document, payload, as: NestedKey.self)
  }

  func decodeNil(forKey key: Key) throws -> Bool { throw CompactDecoding.miss(document) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw CompactDecoding.miss(document) }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw CompactDecoding.miss(document)
  }
  func superDecoder() throws -> any Decoder { throw CompactDecoding.miss(document) }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw CompactDecoding.miss(document) }
}
