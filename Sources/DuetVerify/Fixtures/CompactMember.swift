import DuetCore
import DuetPlatform

/// A member of a recording proven canonical, as its compact bytes in place: the fast path's
/// `RecordedMember`. It borrows the document's compact text and index, so it lives only while
/// they are held (within one read); everything kept from it is copied out, but for its texts,
/// which are slices of the shared compact text when the reader hands it over (`shared`).
struct CompactMember: RecordedMember {
  /// The document's index, compact text and shared array, held once per read.
  let document: UnsafePointer<CompactDocumentView>
  /// This value's node in the index.
  let node: Int

  init(_ node: Int, in document: UnsafePointer<CompactDocumentView>) {
    self.document = document
    self.node = node
  }

  /// The document's index.
  @inline(__always)
  var nodes: UnsafeBufferPointer<PrettyIndexNode> { document.pointee.nodes }

  /// The value's compact canonical text (the recogniser proved its range lies in the text).
  @inline(__always)
  var bytes: UnsafeBufferPointer<UInt8> {
    let range = document.pointee.nodes[node].compact
    return UnsafeBufferPointer(
      start: document.pointee.compact.baseAddress.unsafelyUnwrapped + range.lowerBound, count: range.count)
  }

  /// The indexed children, in document order, with their keys' bytes (empty for an array
  /// element); `nil` unless the value is a container whose children are indexed.
  func forEachChild<Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>, CompactMember) throws(Failure) -> Void)
    throws(Failure) -> Bool
  {
    let nodes = self.nodes
    let first = Int(nodes[node].firstChild)
    guard first >= 0 || nodes[node].compact.count == 2 else { return false }
    let compact = document.pointee.compact
    var child = first
    while child >= 0 {
      let key = nodes[child].key ?? 0..<0
      try body(UnsafeBufferPointer(rebasing: compact[key]), CompactMember(child, in: document))
      child = Int(nodes[child].nextSibling)
    }
    return true
  }

  var leadingByte: UInt8 { bytes.first ?? 0 }

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
    let bytes = self.bytes
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "\"") else { return nil }
    let start = bytes.baseAddress.unsafelyUnwrapped + 1
    let content = UnsafeBufferPointer(start: start, count: bytes.count - 2)
    guard memchr(start, Int32(UInt8(ascii: "\\")), content.count) == nil else { return tree.stringValue }
    return String(decoding: content, as: UTF8.self)
  }

  /// Canonical integers are in range and have no leading zeros; the digits are summed on the
  /// negative side so `Int64.min` fits.
  var integerValue: Int64? {
    var negative = false
    var digits = bytes[...]
    if digits.first == UInt8(ascii: "-") {
      negative = true
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 19 else { return nil }
    var number: Int64 = 0
    for byte in digits {
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      let (times10, overflowA) = number.multipliedReportingOverflow(by: 10)
      let (sum, overflowB) = times10.subtractingReportingOverflow(Int64(digit))
      guard !overflowA, !overflowB else { return nil }
      number = sum
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

  var arrayElements: [CompactMember]? {
    guard leadingByte == UInt8(ascii: "[") else { return nil }
    var elements: [CompactMember] = []
    // Counted first, so the array is made once (appends grew it three or four times per recording).
    var count = 0
    var child = Int(nodes[node].firstChild)
    while child >= 0 {
      count &+= 1
      child = Int(nodes[child].nextSibling)
    }
    elements.reserveCapacity(count)
    guard forEachChild({ _, value in elements.append(value) }) else { return nil }
    return elements
  }

  /// The bytes are canonical compact text already: no writing, and no problem to report (a value
  /// the dialect cannot send makes the recogniser refuse the file). A slice of the shared text
  /// when there is one: no string and no copy per value.
  func wireText(what: @autoclosure () -> String) -> WireText {
    guard let shared = document.pointee.shared else { return WireText(bytes: ArraySlice(bytes)) }
    return WireText(bytes: shared.pointee[nodes[node].compact])
  }

  /// The compact text lies in the document's compact text already, which the fast reader's
  /// `texts` hold: the span is its range, nothing is written.
  @inline(__always)
  func span(what: @autoclosure () -> String, in texts: inout RecordingTexts) -> TextSpan {
    TextSpan(nodes[node].compact)
  }

  /// The characters between the quotes when they hold no escape, else the quoted string (decoded
  /// when the label is asked for): nothing is written either way.
  func labelSpan(in texts: inout RecordingTexts) -> LabelSpan? {
    let range = nodes[node].compact
    let bytes = self.bytes
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "\"") else { return nil }
    if memchr(bytes.baseAddress.unsafelyUnwrapped + 1, Int32(UInt8(ascii: "\\")), bytes.count - 2) != nil {
      return LabelSpan(span: TextSpan(range), quoted: true)
    }
    return LabelSpan(span: TextSpan(range.lowerBound + 1..<range.upperBound - 1), quoted: false)
  }

  /// The value as a tree (parsed from the bytes).
  var tree: JSONValue { (try? JSONParser().parse(bytes)) ?? .null }
}
