/// One pass over bytes that answers "are these exactly what the pretty writer would emit for the
/// value they parse to?", production by production, mirroring `CanonicalOutput` in pretty mode.
///
/// It never builds a value. As it goes it writes the compact form (every byte but the layout) to
/// `output`, and records every value down to `indexDepth` levels as a `PrettyIndexNode`, so a
/// caller can navigate the shallow structure and take any indexed value's compact text as a slice.
///
/// It is deliberately conservative: a fraction (legal only as a telemetry double), a key with an
/// escape, or nesting near the parser's limit makes it answer `false`, and the caller falls back
/// to parse-and-re-emit, which also says what is wrong.
struct PrettyRecognizer {
  /// Well inside `JSONParser`'s default limit, so an accepted text always parses.
  static let maximumDepth = 500

  let bytes: UnsafeBufferPointer<UInt8>
  let output: UnsafeMutablePointer<UInt8>
  let indexDepth: Int
  var index = 0
  var written = 0
  var nodes: [PrettyIndexNode] = []
  /// The last child recorded under each indexed container (by node number; -1 for none yet).
  var lastChild: [Int] = []

  /// `output` must have room for `bytes.count` bytes (compact text is never longer).
  init(_ bytes: UnsafeBufferPointer<UInt8>, output: UnsafeMutablePointer<UInt8>, indexDepth: Int) {
    self.bytes = bytes
    self.output = output
    self.indexDepth = indexDepth
  }

  /// The whole document: one value and exactly one trailing newline.
  mutating func document() -> Bool {
    guard indexed(depth: 0, parent: -1, key: nil) else { return false }
    return index + 1 == bytes.count && bytes[index] == 0x0A
  }

  /// A value, recorded as a node when it is shallow enough.
  mutating func indexed(depth: Int, parent: Int, key: Range<Int>?) -> Bool {
    guard depth <= indexDepth else { return value(depth: depth, node: -1) }
    let number = nodes.count
    nodes.append(PrettyIndexNode(key: key, compact: written..<written, firstChild: -1, nextSibling: -1))
    lastChild.append(-1)
    if parent >= 0 {
      let previous = lastChild[parent]
      if previous >= 0 {
        nodes[previous].nextSibling = number
      } else {
        nodes[parent].firstChild = number
      }
      lastChild[parent] = number
    }
    guard value(depth: depth, node: number) else { return false }
    nodes[number].compact = nodes[number].compact.lowerBound..<written
    return true
  }

  mutating func value(depth: Int, node: Int) -> Bool {
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "{"): return object(depth: depth, node: node)
    case UInt8(ascii: "["): return array(depth: depth, node: node)
    case UInt8(ascii: "\""): return string(isKey: false) != nil
    case UInt8(ascii: "t"): return literal("true")
    case UInt8(ascii: "f"): return literal("false")
    case UInt8(ascii: "n"): return literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return integer()
    default: return false
    }
  }

  /// A child value of the container `node` (`-1` when the container is below the index).
  mutating func child(depth: Int, of node: Int, key: Range<Int>?) -> Bool {
    node >= 0 ? indexed(depth: depth, parent: node, key: key) : value(depth: depth, node: -1)
  }

  mutating func emit(_ byte: UInt8) {
    output[written] = byte
    written += 1
  }

  /// Copies `bytes[range]` to the compact output.
  mutating func emit(_ range: Range<Int>) {
    guard let base = bytes.baseAddress else { return }
    (output + written).initialize(from: base + range.lowerBound, count: range.count)
    written += range.count
  }

  mutating func object(depth: Int, node: Int) -> Bool {
    guard depth < Self.maximumDepth else { return false }
    index += 1  // {
    emit(UInt8(ascii: "{"))
    if consume(UInt8(ascii: "}")) { return true }
    guard newline(indent: depth + 1) else { return false }
    var previous: Range<Int>?
    while true {
      let keyStart = written + 1
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string(isKey: true) else { return false }
      if let previous, !Self.precedes(previous, key, in: bytes) { return false }
      previous = key
      let keyInOutput = keyStart..<(keyStart + key.count)
      guard consume(UInt8(ascii: ":")), skip(UInt8(ascii: " ")), child(depth: depth + 1, of: node, key: keyInOutput)
      else { return false }
      if consume(UInt8(ascii: ",")) {
        guard newline(indent: depth + 1) else { return false }
        continue
      }
      return newline(indent: depth) && consume(UInt8(ascii: "}"))
    }
  }

  mutating func array(depth: Int, node: Int) -> Bool {
    guard depth < Self.maximumDepth else { return false }
    index += 1  // [
    emit(UInt8(ascii: "["))
    if consume(UInt8(ascii: "]")) { return true }
    guard newline(indent: depth + 1) else { return false }
    while true {
      guard child(depth: depth + 1, of: node, key: nil) else { return false }
      if consume(UInt8(ascii: ",")) {
        guard newline(indent: depth + 1) else { return false }
        continue
      }
      return newline(indent: depth) && consume(UInt8(ascii: "]"))
    }
  }

  /// A string at its opening quote, escaped exactly as the writer escapes; returns the content's
  /// range. A key must have no escapes at all (its order is then a plain byte comparison).
  mutating func string(isKey: Bool) -> Range<Int>? {
    index += 1  // opening quote
    let start = index
    var escaped = false
    var wordsAllowed = true
    while index < bytes.count {
      // Whole words while nothing needs a look; after a word that does, bytes until one is handled.
      if wordsAllowed, let base = bytes.baseAddress, index + 8 <= bytes.count {
        if PlainBytes.all(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
          index += 8
          continue
        }
        wordsAllowed = false
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let content = start..<index
        index += 1
        if !escaped, content.count == 36, Self.isUpperCaseUUID(content, in: bytes) { return nil }
        emit((start - 1)..<index)
        return content
      }
      if byte == UInt8(ascii: "\\") {
        if isKey { return nil }
        escaped = true
        guard escape() else { return nil }
        wordsAllowed = true
        continue
      }
      if byte < 0x20 { return nil }
      if byte < 0x80 {
        index += 1
      } else {
        guard multibyteScalar() else { return nil }
        wordsAllowed = true
      }
    }
    return nil
  }

  /// The writer escapes `"`, `\`, newline, return and tab by name and every other control character
  /// as `\u00xx` in lower-case hex; nothing else.
  mutating func escape() -> Bool {
    guard index + 1 < bytes.count else { return false }
    switch bytes[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      index += 2
      return true
    case UInt8(ascii: "u"):
      guard index + 5 < bytes.count, bytes[index + 2] == UInt8(ascii: "0"), bytes[index + 3] == UInt8(ascii: "0"),
        let high = Self.lowerHex(bytes[index + 4]), let low = Self.lowerHex(bytes[index + 5])
      else { return false }
      let scalar = high << 4 | low
      guard scalar < 0x20, scalar != 0x0A, scalar != 0x0D, scalar != 0x09 else { return false }
      index += 6
      return true
    default:
      return false
    }
  }

  /// One well-formed multi-byte UTF-8 scalar (the parser's rules, `UTF8Scalar`).
  mutating func multibyteScalar() -> Bool {
    guard case .valid(let length) = UTF8Scalar.check(bytes, at: index) else { return false }
    index += length
    return true
  }

  /// An integer as `String(Int64)` writes it: no `-0`, no leading zeros, in range, no fraction.
  mutating func integer() -> Bool {
    let start = index
    guard integerBody() else { return false }
    emit(start..<index)
    return true
  }

  mutating func integerBody() -> Bool {
    var negative = false
    if bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    let digitsStart = index
    var magnitude: UInt64 = 0
    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
      let (times10, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflowB) = times10.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
      if overflowA || overflowB { return false }
      magnitude = sum
      index += 1
    }
    let digits = index - digitsStart
    guard digits > 0 else { return false }
    if bytes[digitsStart] == UInt8(ascii: "0"), digits > 1 || negative { return false }
    if index < bytes.count,
      bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
    {
      return false
    }
    return negative ? magnitude <= UInt64(Int64.max) + 1 : magnitude <= UInt64(Int64.max)
  }

  mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
    emit(index..<(index + count))
    index += count
    return true
  }

  /// A newline followed by exactly `indent` levels of two spaces (layout: nothing is written).
  mutating func newline(indent: Int) -> Bool {
    guard skip(0x0A) else { return false }
    let spaces = indent * 2
    guard index + spaces <= bytes.count, let base = bytes.baseAddress else { return false }
    var offset = 0
    while offset + 8 <= spaces {
      guard UnsafeRawPointer(base + index + offset).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 else {
        return false
      }
      offset += 8
    }
    while offset < spaces {
      guard bytes[index + offset] == UInt8(ascii: " ") else { return false }
      offset += 1
    }
    index += spaces
    // The line's content starts right after the indentation: one more space is layout gone wrong.
    return index >= bytes.count || bytes[index] != UInt8(ascii: " ")
  }

  /// Takes `byte` and writes it to the compact output.
  mutating func consume(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    emit(byte)
    return true
  }

  /// Takes a layout `byte` (not written).
  mutating func skip(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// Strict canonical key order on raw (escape-free) key bytes.
  static func precedes(_ left: Range<Int>, _ right: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let shared = min(left.count, right.count)
    for offset in 0..<shared {
      let a = bytes[left.lowerBound + offset]
      let b = bytes[right.lowerBound + offset]
      if a != b { return a < b }
    }
    return left.count < right.count
  }

  /// UUID-shaped with an upper-case hex digit: the writer would have lower-cased it.
  static func isUpperCaseUUID(_ content: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var sawUpper = false
    for (position, offset) in content.enumerated() {
      let byte = bytes[offset]
      switch position {
      case 8, 13, 18, 23:
        if byte != UInt8(ascii: "-") { return false }
      default:
        if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F") {
          sawUpper = true
        } else if !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
          && !(byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
        {
          return false
        }
      }
    }
    return sawUpper
  }

  static func lowerHex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    default: return nil
    }
  }
}
