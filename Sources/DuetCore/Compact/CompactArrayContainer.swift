/// An array's elements read in place, in order, with ``ArrayDecodingContainer``'s rules.
struct CompactArrayContainer: UnkeyedDecodingContainer {
  let document: CompactDocument
  let trail: CodingTrail
  let count: Int?
  private(set) var currentIndex = 0
  /// The node of the element at `currentIndex`.
  private var element: Int
  var codingPath: [any CodingKey] { trail.codingPath }

  init(document: CompactDocument, array: Int, trail: CodingTrail) throws {
    guard document.nodes[array].kind == .array else { throw CompactDecoding.miss(document) }
    self.document = document
    self.trail = trail
    count = Int(document.nodes[array].count)
    element = array + 1
  }

  var isAtEnd: Bool { currentIndex >= count! }

  mutating func next() throws -> (Int, CodingTrail) {
    guard currentIndex < count! else { throw CompactDecoding.miss(document) }
    let found = (element, trail.element(currentIndex))
    element = Int(document.nodes[element].next)
    currentIndex += 1
    return found
  }

  mutating func decodeNil() throws -> Bool {
    guard currentIndex < count!, document.nodes[element].kind == .null else { return false }
    element = Int(document.nodes[element].next)
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (node, elementTrail) = try next()
    return try CompactDecoding.unbox(type, document, node, elementTrail)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let (node, elementTrail) = try next()
    return KeyedDecodingContainer(
      try CompactObjectContainer<NestedKey>(document: document, object: node, trail: elementTrail))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (node, elementTrail) = try next()
    return try CompactArrayContainer(document: document, array: node, trail: elementTrail)
  }

  mutating func superDecoder() throws -> any Decoder { throw CompactDecoding.miss(document) }
}
