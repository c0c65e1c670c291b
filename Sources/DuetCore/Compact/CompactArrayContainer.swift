/// An array's elements read in place, in order, with ``ArrayDecodingContainer``'s rules.
struct CompactArrayContainer: UnkeyedDecodingContainer {
  let document: CompactDocument
  let count: Int?
  private(set) var currentIndex = 0
  /// The node of the element at `currentIndex`.
  private var element: Int
  /// Reading the path is what a type does to word an error: a miss, so the tree decoder words it
  /// (no path is carried on the compact path at all).
  var codingPath: [any CodingKey] {
    document.missed = true
    return []
  }

  init(document: CompactDocument, array: Int) throws {
    guard document.nodes[array].kind == .array else { throw CompactDecoding.miss(document) }
    self.document = document
    count = Int(document.nodes[array].count)
    element = array + 1
  }

  var isAtEnd: Bool { currentIndex >= count! }

  mutating func next() throws -> Int {
    guard currentIndex < count! else { throw CompactDecoding.miss(document) }
    let found = element
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
    try CompactDecoding.unbox(type, document, try next())
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try KeyMemory.shared.objectContainer(document, try next(), as: NestedKey.self)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try CompactArrayContainer(document: document, array: try next())
  }

  mutating func superDecoder() throws -> any Decoder { throw CompactDecoding.miss(document) }
}
