/// The one pass that checks a line is in ``CompactDocument``'s subset and indexes its values.
struct CompactScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Indexes the value at `index`; false when it is outside the subset.
  mutating func value(into document: CompactDocument, depth: Int, keyStart: Int32, keyEnd: Int32) -> Bool {
    guard index < bytes.count else { return false }
    let start = Int32(truncatingIfNeeded: index)
    switch bytes[index] {
    case UInt8(ascii: "{"):
      guard depth <= CompactDocument.maximumDepth else { return false }
      let node = document.add(CompactNode(kind: .object, start: start, keyStart: keyStart, keyEnd: keyEnd))
      return object(node, into: document, depth: depth)
    case UInt8(ascii: "["):
      guard depth <= CompactDocument.maximumDepth else { return false }
      let node = document.add(CompactNode(kind: .array, start: start, keyStart: keyStart, keyEnd: keyEnd))
      return array(node, into: document, depth: depth)
    case UInt8(ascii: "\""):
      guard string() else { return false }
      finish(document.add(CompactNode(kind: .string, start: start, keyStart: keyStart, keyEnd: keyEnd)), document)
      return true
    case UInt8(ascii: "t"):
      return literal("true", .true, start, keyStart, keyEnd, document)
    case UInt8(ascii: "f"):
      return literal("false", .false, start, keyStart, keyEnd, document)
    case UInt8(ascii: "n"):
      return literal("null", .null, start, keyStart, keyEnd, document)
    default:
      guard let number = integer() else { return false }
      let node = document.add(CompactNode(kind: .integer, start: start, keyStart: keyStart, keyEnd: keyEnd))
      document.nodes[node].integer = number
      finish(node, document)
      return true
    }
  }

  /// Marks where the value at `node` ends and where its next sibling will be.
  func finish(_ node: Int, _ document: CompactDocument) {
    document.nodes[node].end = Int32(truncatingIfNeeded: index)
    document.nodes[node].next = Int32(truncatingIfNeeded: document.nodeCount)
  }

  mutating func object(_ node: Int, into document: CompactDocument, depth: Int) -> Bool {
    if opensEmpty(node, closing: UInt8(ascii: "}"), into: document) { return true }
    var count: Int32 = 0
    var previous: Range<Int>? = nil
    while true {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
      let keyStart = index + 1
      guard string() else { return false }
      let key = keyStart..<(index - 1)
      // Strictly ascending keys: canonical order, and no key twice.
      if let previous, !Self.precedes(previous, key, bytes) { return false }
      previous = key
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
      index += 1
      guard
        value(
          into: document, depth: depth + 1, keyStart: Int32(truncatingIfNeeded: key.lowerBound),
          keyEnd: Int32(truncatingIfNeeded: key.upperBound))
      else { return false }
      count += 1
      if let ended = afterMember(count, of: node, closing: UInt8(ascii: "}"), into: document) { return ended }
    }
  }

  mutating func array(_ node: Int, into document: CompactDocument, depth: Int) -> Bool {
    if opensEmpty(node, closing: UInt8(ascii: "]"), into: document) { return true }
    var count: Int32 = 0
    while true {
      guard value(into: document, depth: depth + 1, keyStart: 0, keyEnd: 0) else { return false }
      count += 1
      if let ended = afterMember(count, of: node, closing: UInt8(ascii: "]"), into: document) { return ended }
    }
  }

  /// Steps over the opening byte of the container at `node`; true when `closing` follows at once
  /// (the container is empty, and its end is marked).
  mutating func opensEmpty(_ node: Int, closing: UInt8, into document: CompactDocument) -> Bool {
    index += 1
    guard index < bytes.count, bytes[index] == closing else { return false }
    index += 1
    finish(node, document)
    return true
  }

  /// What follows member `count` of the container at `node`, the one list rule objects and arrays
  /// share: a comma is stepped over and another member follows (nil); `closing` ends the container,
  /// its count and end marked (true); anything else is outside the subset (false).
  mutating func afterMember(_ count: Int32, of node: Int, closing: UInt8, into document: CompactDocument) -> Bool? {
    guard index < bytes.count else { return false }
    if bytes[index] == UInt8(ascii: ",") {
      index += 1
      return nil
    }
    guard bytes[index] == closing else { return false }
    index += 1
    document.nodes[node].count = count
    finish(node, document)
    return true
  }

  /// Skips a string of printable ASCII without escapes, quotes included.
  mutating func string() -> Bool {
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return true
      }
      guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return false }
      index += 1
    }
    return false
  }

  /// An integer of at most 18 digits, not `-0`, with no fraction or exponent after it.
  mutating func integer() -> Int64? {
    var position = index
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    let digitsStart = position
    var magnitude: Int64 = 0
    while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
      magnitude = magnitude &* 10 &+ Int64(bytes[position] &- UInt8(ascii: "0"))
      position += 1
    }
    let digits = position - digitsStart
    guard digits > 0, digits <= 18 else { return nil }
    if bytes[digitsStart] == UInt8(ascii: "0"), digits > 1 || negative { return nil }
    if position < bytes.count {
      let next = bytes[position]
      if next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") { return nil }
    }
    index = position
    return negative ? -magnitude : magnitude
  }

  mutating func literal(
    _ word: StaticString, _ kind: CompactNode.Kind, _ start: Int32, _ keyStart: Int32, _ keyEnd: Int32,
    _ document: CompactDocument
  ) -> Bool {
    let length = word.utf8CodeUnitCount
    guard bytes.count - index >= length else { return false }
    for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] { return false }
    index += length
    finish(document.add(CompactNode(kind: kind, start: start, keyStart: keyStart, keyEnd: keyEnd)), document)
    return true
  }

  /// Byte order of two keys (`a` strictly before `b`).
  static func precedes(_ a: Range<Int>, _ b: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let shared = min(a.count, b.count)
    for offset in 0..<shared {
      let left = bytes[a.lowerBound + offset]
      let right = bytes[b.lowerBound + offset]
      if left != right { return left < right }
    }
    return a.count < b.count
  }
}
