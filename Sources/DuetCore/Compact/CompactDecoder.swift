/// The `Decoder` a value's `init(from:)` sees on the compact path (see ``CompactDecoding``).
final class CompactDecoder: Decoder {
  let document: CompactDocument
  let node: Int
  let trail: CodingTrail
  let isSum: Bool
  var codingPath: [any CodingKey] { trail.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(document: CompactDocument, node: Int, trail: CodingTrail, isSum: Bool) {
    self.document = document
    self.node = node
    self.trail = trail
    self.isSum = isSum
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    if isSum {
      return KeyedDecodingContainer(try CompactSumContainer<Key>(document: document, envelope: node, trail: trail))
    }
    return KeyedDecodingContainer(try CompactObjectContainer<Key>(document: document, object: node, trail: trail))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try CompactArrayContainer(document: document, array: node, trail: trail)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    CompactValueContainer(document: document, node: node, trail: trail)
  }
}
