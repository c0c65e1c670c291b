import DuetCore
import DuetPlatform

/// A member of a recording proven canonical, as its compact bytes in place: the fast path's
/// `RecordedMember`. It borrows the document's compact text and index, so it lives only while
/// they are held (within one read); everything kept from it is copied out, but for its texts,
/// which are slices of the shared compact text when the reader hands it over (`shared`).
///
/// Three words: the document's view, the node, and the value's compact range, read from the index
/// once as the member is made (the index's ranges are calls into `DuetCore`, and the shape rules
/// read a member's bytes several times).
struct CompactMember: RecordedMember {
  /// The document's index, compact text and shared array, held once per read.
  let document: UnsafePointer<CompactDocumentView>
  /// This value's node in the index.
  let node: Int32
  /// Where the value's compact text lies in the document's compact text.
  let start: Int32
  let end: Int32

  init(_ node: Int, in document: UnsafePointer<CompactDocumentView>) {
    self.document = document
    self.node = Int32(truncatingIfNeeded: node)
    let indexed = document.pointee.nodes[node]
    start = indexed.compactStart
    end = indexed.compactEnd
  }

  /// The document's index.
  @inline(__always)
  var nodes: UnsafeBufferPointer<PrettyIndexNode> { document.pointee.nodes }

  /// Where the value's compact text lies in the document's compact text.
  var range: Range<Int> { Int(start)..<Int(end) }

  /// The first byte of the value's compact text (the recogniser proved its range lies in the text).
  var base: UnsafePointer<UInt8> { document.pointee.compact.baseAddress.unsafelyUnwrapped + Int(start) }

  /// The value's compact canonical text.
  @inline(__always)
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: Int(end &- start)) }

  /// The indexed children, in document order, with their keys' bytes (empty for an array
  /// element); `nil` unless the value is a container whose children are indexed.
  func forEachChild<Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>, CompactMember) throws(Failure) -> Void)
    throws(Failure) -> Bool
  {
    let nodes = self.nodes
    let first = Int(nodes[Int(node)].firstChild)
    guard first >= 0 || end &- start == 2 else { return false }
    let compact = document.pointee.compact
    var child = first
    while child >= 0 {
      let key = nodes[child].key ?? 0..<0
      try body(UnsafeBufferPointer(rebasing: compact[key]), CompactMember(child, in: document))
      child = Int(nodes[child].nextSibling)
    }
    return true
  }

  /// The members of an object whose keys are all `Key`s, each handed to `body` with its key:
  /// false when the value is not an object whose members are indexed, or has a key `Key` does
  /// not define (the parser's path names it). Canonical text holds the keys in canonical order,
  /// which is `Key`'s order, so each member is matched against the next candidates only, by the
  /// bytes before its value (`isKeyed`): no string, no look-up and no key range per member.
  func forEachMember<Key: CanonicalKey>(_: Key.Type, _ body: (Key, CompactMember) -> Void) -> Bool {
    guard leadingByte == UInt8(ascii: "{") else { return false }
    let nodes = self.nodes
    var child = Int(nodes[Int(node)].firstChild)
    guard child >= 0 || end &- start == 2 else { return false }
    var candidate: Key? = Key.first
    while child >= 0 {
      let member = CompactMember(child, in: document)
      while let key = candidate, !member.isKeyed(key.spelling) { candidate = key.next }
      guard let key = candidate else { return false }
      body(key, member)
      candidate = key.next
      child = Int(nodes[child].nextSibling)
    }
    return true
  }

  /// True when this object member's key is `key`. In compact canonical text a member's value
  /// follows `"key":` right after the `{` or `,` before it, and a quote inside a key is escaped
  /// (the byte before it is a backslash), so those bytes name the key exactly: the index's key
  /// range (a call into `DuetCore`) is not needed.
  @inline(__always)
  func isKeyed(_ key: StaticString) -> Bool {
    let count = key.utf8CodeUnitCount
    let value = Int(start)
    let quote = value &- count &- 3
    guard quote >= 1 else { return false }
    let text = document.pointee.compact.baseAddress.unsafelyUnwrapped
    let before = text[quote &- 1]
    guard text[value &- 1] == UInt8(ascii: ":"), text[value &- 2] == UInt8(ascii: "\""),
      text[quote] == UInt8(ascii: "\""), before == UInt8(ascii: "{") || before == UInt8(ascii: ",")
    else { return false }
    return Self.same(text + (quote &+ 1), key.utf8Start, count)
  }

  /// True when the `count` bytes at `a` and `b` are equal: two overlapping words, not a call.
  @inline(__always)
  static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    if count >= 8 { return sameEnds(UnsafeRawPointer(a), UnsafeRawPointer(b), count, UInt64.self) }
    if count >= 4 { return sameEnds(UnsafeRawPointer(a), UnsafeRawPointer(b), count, UInt32.self) }
    return memcmp(a, b, count) == 0
  }

  /// True when the first and the last `Word` of the `count` bytes (at least one word) at `a` and
  /// `b` are equal, which covers them all.
  @inline(__always)
  static func sameEnds<Word: FixedWidthInteger>(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int, _: Word.Type
  ) -> Bool {
    let last = count &- MemoryLayout<Word>.size
    let head = a.loadUnaligned(as: Word.self) ^ b.loadUnaligned(as: Word.self)
    let tail =
      a.loadUnaligned(fromByteOffset: last, as: Word.self) ^ b.loadUnaligned(fromByteOffset: last, as: Word.self)
    return head | tail == 0
  }

  var leadingByte: UInt8 { end > start ? base.pointee : 0 }

  /// Accepted canonical text holds no fraction, so a number is an integer.
  var kindName: String {
    switch leadingByte {
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "["): return "an array"
    case UInt8(ascii: "\""): return "a string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
    case UInt8(ascii: "n"): return "null"
    default: return "an integer"
    }
  }

  var isArray: Bool { leadingByte == UInt8(ascii: "[") }

  var stringValue: String? {
    guard let content = plainString else { return tree.stringValue }
    return String(decoding: content, as: UTF8.self)
  }

  /// A string's characters between its quotes when it holds no escape; `nil` for anything else
  /// (an escaped string is decoded by the parser).
  @inline(__always)
  var plainString: UnsafeBufferPointer<UInt8>? { Self.plainString(base, Int(end &- start)) }

  /// ``plainString`` of the `count` compact bytes at `base` (also read straight from the index by
  /// `PrettyFixtureReader.plainLeafStep`).
  @inline(__always)
  static func plainString(_ base: UnsafePointer<UInt8>, _ count: Int) -> UnsafeBufferPointer<UInt8>? {
    guard count >= 2, base.pointee == UInt8(ascii: "\"") else { return nil }
    let content = UnsafeBufferPointer(start: base + 1, count: count - 2)
    // Most strings a recording's walk reads are short labels: a byte loop costs less than a call.
    if content.count < 16 {
      for byte in content where byte == UInt8(ascii: "\\") { return nil }
      return content
    }
    return memchr(base + 1, Int32(UInt8(ascii: "\\")), content.count) == nil ? content : nil
  }

  /// Canonical integers are in range and have no leading zeros; the digits are summed on the
  /// negative side so `Int64.min` fits.
  @inline(__always)
  var integerValue: Int64? { Self.integer(base, Int(end &- start)) }

  /// ``integerValue`` of the `count` compact bytes at `base` (also read straight from the index by
  /// `PrettyFixtureReader.plainLeafStep`).
  @inline(__always)
  static func integer(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int64? {
    var digits = base
    var count = count
    let negative = count > 0 && digits.pointee == UInt8(ascii: "-")
    if negative {
      digits += 1
      count -= 1
    }
    guard count > 0, count <= 19 else { return nil }
    var number: Int64 = 0
    // Up to 18 digits cannot overflow; only a 19-digit number is checked.
    if count < 19 {
      for offset in 0..<count {
        let digit = digits[offset] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        number = number &* 10 &- Int64(digit)
      }
    } else {
      for offset in 0..<count {
        let digit = digits[offset] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        let (times10, overflowA) = number.multipliedReportingOverflow(by: 10)
        let (sum, overflowB) = times10.subtractingReportingOverflow(Int64(digit))
        guard !overflowA, !overflowB else { return nil }
        number = sum
      }
    }
    if negative { return number }
    return number == .min ? nil : -number
  }

  var boolValue: Bool? {
    switch leadingByte {
    case UInt8(ascii: "t"): return true
    case UInt8(ascii: "f"): return false
    default: return nil
    }
  }

  var objectMembers: [(key: String, value: CompactMember)]? {
    guard leadingByte == UInt8(ascii: "{") else { return nil }
    var members: [(key: String, value: CompactMember)] = []
    guard forEachChild({ key, value in members.append((String(decoding: key, as: UTF8.self), value)) }) else {
      return nil
    }
    return members
  }

  /// The first member keyed `key` of an object whose members are indexed, found by its bytes;
  /// `.some(nil)` when it has none; `nil` for anything else.
  func member(_ key: StaticString) -> CompactMember?? {
    guard leadingByte == UInt8(ascii: "{") else { return nil }
    let nodes = self.nodes
    var child = Int(nodes[Int(node)].firstChild)
    guard child >= 0 || end &- start == 2 else { return nil }
    while child >= 0 {
      let member = CompactMember(child, in: document)
      if member.isKeyed(key) { return .some(member) }
      child = Int(nodes[child].nextSibling)
    }
    return .some(nil)
  }

  var arrayElements: [CompactMember]? {
    guard let count = elementCount else { return nil }
    var elements: [CompactMember] = []
    elements.reserveCapacity(count)
    guard forEachChild({ _, value in elements.append(value) }) else { return nil }
    return elements
  }

  /// Counted through the index: no array is made.
  var elementCount: Int? {
    guard leadingByte == UInt8(ascii: "[") else { return nil }
    let nodes = self.nodes
    var child = Int(nodes[Int(node)].firstChild)
    guard child >= 0 || end &- start == 2 else { return nil }
    var count = 0
    while child >= 0 {
      count &+= 1
      child = Int(nodes[child].nextSibling)
    }
    return count
  }

  /// The bytes are canonical compact text already: no writing, and no problem to report (a value
  /// the dialect cannot send makes the recogniser refuse the file). A slice of the shared text
  /// when there is one: no string and no copy per value.
  func wireText(what: @autoclosure () -> String) -> WireText {
    guard let shared = document.pointee.shared else { return WireText(bytes: ArraySlice(bytes)) }
    return WireText(bytes: shared.pointee[range])
  }

  /// The compact text lies in the document's compact text already, which the fast reader's
  /// `texts` hold: the span is its range, nothing is written.
  @inline(__always)
  func span(what: @autoclosure () -> String, in texts: inout RecordingTexts) -> TextSpan {
    TextSpan(range)
  }

  /// The characters between the quotes when they hold no escape, else the quoted string (decoded
  /// when the label is asked for): nothing is written either way.
  @inline(__always)
  func labelSpan(in texts: inout RecordingTexts) -> LabelSpan? {
    guard end &- start >= 2, base.pointee == UInt8(ascii: "\"") else { return nil }
    if plainString == nil { return LabelSpan(span: TextSpan(range), quoted: true) }
    return LabelSpan(span: TextSpan(Int(start) + 1..<Int(end) - 1), quoted: false)
  }

  /// The value as a tree (parsed from the bytes).
  var tree: JSONValue { (try? JSONParser().parse(bytes)) ?? .null }
}
