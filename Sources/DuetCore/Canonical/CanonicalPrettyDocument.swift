/// A document proven to be in canonical pretty form, read without building a value tree.
///
/// Recordings on disk are canonical pretty text, and a verifier needs three things from each: proof
/// that the bytes are exactly `pretty(parse(bytes))`, the compact canonical text of a few values
/// (the seed, each step's action and expectations), and a handful of small fields. Parsing the
/// whole file into a tree and re-emitting it twice costs far more than the replay it feeds; this
/// type answers all three in plain byte passes. Construction validates; every other member then
/// relies on the proven layout (one member or element per line, `": "` after keys, no whitespace
/// inside compact values but that of strings).
///
/// `init(validating:)` is conservative: it may refuse a canonical document it does not handle
/// (a telemetry double, an escaped object key, absurd nesting), never accept one that is not.
/// Callers fall back to `JSONParser` + `CanonicalWriter.pretty` when it refuses.
public struct CanonicalPrettyDocument: Sendable {
  /// The validated bytes, trailing newline included.
  public let bytes: [UInt8]

  /// Validates `bytes`; `nil` unless they are canonical pretty text this reader handles.
  public init?(validating bytes: [UInt8]) {
    let accepted = bytes.withUnsafeBufferPointer { buffer -> Bool in
      var recognizer = PrettyRecognizer(buffer)
      return recognizer.document()
    }
    guard accepted else { return nil }
    self.bytes = bytes
  }

  /// True when `bytes` are exactly the pretty canonical text of the value they hold (within what
  /// ``init(validating:)`` handles).
  public static func isCanonical(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var recognizer = PrettyRecognizer(buffer)
      return recognizer.document()
    }
  }

  /// The span of the top-level value (everything but the trailing newline).
  public var root: Range<Int> { 0..<(bytes.count - 1) }

  /// The members of the object at `span`, in file (canonical) order; `nil` when it is not an object.
  public func members(of span: Range<Int>) -> [(key: String, value: Range<Int>)]? {
    bytes.withUnsafeBufferPointer { buffer in
      var walker = PrettyWalker(bytes: buffer)
      return walker.members(of: span)
    }
  }

  /// The elements of the array at `span`; `nil` when it is not an array.
  public func elements(of span: Range<Int>) -> [Range<Int>]? {
    bytes.withUnsafeBufferPointer { buffer in
      var walker = PrettyWalker(bytes: buffer)
      return walker.elements(of: span)
    }
  }

  /// The first byte of the value at `span` (`{`, `[`, `"`, a digit, …): its kind at a glance.
  public func leadingByte(of span: Range<Int>) -> UInt8 { bytes[span.lowerBound] }

  /// The compact canonical text of the value at `span`: its pretty text without the layout.
  public func compactBytes(of span: Range<Int>) -> [UInt8] {
    bytes.withUnsafeBufferPointer { buffer in PrettyWalker(bytes: buffer).compact(span) }
  }

  /// ``compactBytes(of:)`` as a string.
  public func compact(of span: Range<Int>) -> String {
    let compact = compactBytes(of: span)
    return String(decoding: compact, as: UTF8.self)
  }

  /// The value at `span` as a tree (for the small fields, and for diffs when a step fails).
  public func value(of span: Range<Int>) -> JSONValue {
    // The span is proven canonical, so parsing cannot fail; `.null` only guards the impossible.
    (try? JSONParser().parse(bytes[span])) ?? .null
  }
}

/// Navigation over proven canonical pretty bytes: skips values by bracket depth, strings by quotes.
struct PrettyWalker {
  let bytes: UnsafeBufferPointer<UInt8>

  func members(of span: Range<Int>) -> [(key: String, value: Range<Int>)]? {
    guard bytes[span.lowerBound] == UInt8(ascii: "{") else { return nil }
    var members: [(key: String, value: Range<Int>)] = []
    var index = span.lowerBound + 1
    while true {
      index = skipLayout(from: index)
      guard bytes[index] == UInt8(ascii: "\"") else { return members }  // `}`
      let keyStart = index + 1
      let keyEnd = stringEnd(from: index)
      let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[keyStart..<(keyEnd - 1)]), as: UTF8.self)
      let valueStart = keyEnd + 2  // `": "` — the closing quote is already behind keyEnd
      let valueEnd = valueEnd(from: valueStart)
      members.append((key, valueStart..<valueEnd))
      index = valueEnd
      if bytes[index] == UInt8(ascii: ",") { index += 1 }
    }
  }

  func elements(of span: Range<Int>) -> [Range<Int>]? {
    guard bytes[span.lowerBound] == UInt8(ascii: "[") else { return nil }
    var elements: [Range<Int>] = []
    var index = span.lowerBound + 1
    while true {
      index = skipLayout(from: index)
      if bytes[index] == UInt8(ascii: "]") { return elements }
      let end = valueEnd(from: index)
      elements.append(index..<end)
      index = end
      if bytes[index] == UInt8(ascii: ",") { index += 1 }
    }
  }

  func skipLayout(from start: Int) -> Int {
    var index = start
    while bytes[index] == 0x0A || bytes[index] == UInt8(ascii: " ") { index += 1 }
    return index
  }

  /// The index just past the closing quote of the string opening at `start`.
  func stringEnd(from start: Int) -> Int {
    var index = start + 1
    while true {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { return index + 1 }
      index += byte == UInt8(ascii: "\\") ? 2 : 1
    }
  }

  /// The index just past the value starting at `start`.
  func valueEnd(from start: Int) -> Int {
    switch bytes[start] {
    case UInt8(ascii: "\""): return stringEnd(from: start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var index = start
      while true {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
          index = stringEnd(from: index)
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return index + 1 }
        default: break
        }
        index += 1
      }
    default:
      var index = start
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: ",") || byte == 0x0A || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
          break
        }
        index += 1
      }
      return index
    }
  }

  /// Drops the layout (newlines, indentation, the space after `:`); strings are copied verbatim.
  func compact(_ span: Range<Int>) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: span.count) { output, count in
      var written = 0
      var index = span.lowerBound
      let end = span.upperBound
      while index < end {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          let stop = stringEnd(from: index)
          for offset in index..<stop { output[written + offset - index] = bytes[offset] }
          written += stop - index
          index = stop
          continue
        }
        if byte != 0x0A && byte != UInt8(ascii: " ") {
          output[written] = byte
          written += 1
        }
        index += 1
      }
      count = written
    }
  }
}
