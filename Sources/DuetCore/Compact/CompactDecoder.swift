/// The `Decoder` a value's `init(from:)` sees on the compact path (see ``CompactDecoding``).
///
/// Decoders are kept by their document, one per value depth (``CompactDocument/decoder(node:isSum:)``),
/// and do not hold it (a cycle): a decoder a type keeps past its decoding is pointed at
/// ``CompactDocument/none`` when the decoding ends.
final class CompactDecoder: Decoder {
  @exclusivity(unchecked) unowned(unsafe) var document: CompactDocument
  @exclusivity(unchecked) var node: Int
  @exclusivity(unchecked) var isSum: Bool
  /// Reading the path is what a type does to word an error: a miss, so the tree decoder words it
  /// (no path is carried on the compact path at all).
  var codingPath: [any CodingKey] {
    document.missed = true
    return []
  }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(document: CompactDocument, node: Int, isSum: Bool) {
    self.document = document
    self.node = node
    self.isSum = isSum
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    if isSum {
      return try KeyMemory.shared.sumContainer(document, node, as: Key.self)
    }
    return try KeyMemory.shared.objectContainer(document, node, as: Key.self)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try CompactArrayContainer(document: document, array: node)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    CompactValueContainer(document: document, node: node)
  }
}
