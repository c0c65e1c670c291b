/// The two canonical writers: compact (the wire and the byte gate) and pretty (files on disk).
///
/// Both must be byte-identical to the Duet ecosystem's writers, because the same recordings are
/// written and replayed by Duet's Swift and Kotlin cores. Keys are sorted by UTF-8 bytes, only
/// `"`, `\` and control characters are escaped, UUID-shaped strings are lower-cased, and the only
/// non-integer number allowed is the value of a telemetry `double` parameter.
public enum CanonicalWriter {
  /// The compact form: no whitespace at all.
  public static func compact(_ value: JSONValue) throws(CanonicalWriteError) -> String {
    try CanonicalOutput.laidOut(value, pretty: false).string
  }

  /// The pretty form: 2-space indent, `"key": value`, empty composites inline, one trailing newline.
  public static func pretty(_ value: JSONValue) throws(CanonicalWriteError) -> String {
    try CanonicalOutput.laidOut(value, pretty: true).string
  }

  /// The compact form's bytes, for callers that compare or send bytes.
  public static func compactBytes(_ value: JSONValue) throws(CanonicalWriteError) -> [UInt8] {
    try CanonicalOutput.laidOut(value, pretty: false).bytes
  }

  /// A string as the dialect writes it, quotes included (UUID-shaped strings lower-cased).
  public static func quoted(_ text: String) -> String {
    var output = CanonicalOutput(pretty: false)
    output.writeString(text)
    return output.string
  }

  /// ``quoted(_:)``'s bytes appended to `bytes`: for writers that assemble a line (a runner's
  /// response) without building an intermediate string per part.
  public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    var output = CanonicalOutput(pretty: false, bytes: bytes)
    bytes = []
    output.writeString(text)
    bytes = output.bytes
  }
}

/// The byte buffer both writers fill, and the one layout of the dialect: brackets, commas, the
/// pretty form's newlines and indent, the double-parameter rule and the paths of errors, written
/// once over any `CanonicalTree` (`JSONValue`, and the encoder's `EncodedValue`).
struct CanonicalOutput {
  let pretty: Bool
  var bytes: [UInt8] = []

  init(pretty: Bool) {
    self.pretty = pretty
    bytes.reserveCapacity(256)
  }

  /// Continues writing after `bytes` (taken over, not copied, when the caller gives up its own).
  init(pretty: Bool, bytes: [UInt8]) {
    self.pretty = pretty
    self.bytes = bytes
  }

  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// `tree` written whole: compact, or pretty with its one trailing newline.
  static func laidOut(_ tree: some CanonicalTree, pretty: Bool) throws(CanonicalWriteError) -> CanonicalOutput {
    var output = CanonicalOutput(pretty: pretty)
    try tree.write(to: &output, depth: 0, allowsFraction: false, isDoubleParameter: false)
    if pretty { output.bytes.append(0x0A) }
    return output
  }

  /// Writes one value. `allowsFraction` is true only for a telemetry double parameter's value;
  /// `isDoubleParameter` marks the `{"key","value"}` object inside a `{"case":"double"}` envelope.
  mutating func write(
    _ value: JSONValue, depth: Int, allowsFraction: Bool, isDoubleParameter: Bool
  ) throws(CanonicalWriteError) {
    switch value {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    case .integer(let number): bytes.append(contentsOf: String(number).utf8)
    case .largeInteger(let lexeme):
      throw .integerOutOfRange(lexeme: lexeme, path: JSONPath())
    case .fraction(let lexeme):
      guard allowsFraction else { throw .floatingPoint(lexeme: lexeme, path: JSONPath()) }
      guard let text = CanonicalDouble.shortestText(forLexeme: lexeme) else {
        throw .nonFiniteDouble(lexeme: lexeme, path: JSONPath())
      }
      bytes.append(contentsOf: text.utf8)
    case .string(let text): writeString(text)
    case .array(let elements): try writeArray(elements, depth: depth)
    case .object(let members):
      // Sorting the pairs (not the keys, then looking each one up) hashes nothing.
      var sorted: [JSONMember] = []
      sorted.reserveCapacity(members.count)
      for (key, value) in members { sorted.append(JSONMember(key: key, value: value)) }
      sorted.sort { JSONValue.canonicalPrecedes($0.key, $1.key) }
      try writeObject(
        sorted, depth: depth, isDoubleParameter: isDoubleParameter,
        isDoubleEnvelope: members["case"] == .string("double"))
    }
  }

  mutating func writeArray(_ elements: [some CanonicalTree], depth: Int) throws(CanonicalWriteError) {
    try writeComposite(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: elements.count, depth: depth) {
      (output, position) throws(CanonicalWriteError) in
      do throws(CanonicalWriteError) {
        try elements[position].write(to: &output, depth: depth + 1, allowsFraction: false, isDoubleParameter: false)
      } catch {
        throw error.prefixed(by: .index(position))
      }
    }
  }

  /// Writes an object whose `members` are in canonical key order, each key once;
  /// `isDoubleEnvelope` when its `case` is `double` (each tree finds that its own fastest way).
  mutating func writeObject(
    _ members: [some CanonicalTreeMember], depth: Int, isDoubleParameter: Bool, isDoubleEnvelope: Bool
  ) throws(CanonicalWriteError) {
    // By position, not by element: reading the members in place copies none of them.
    try writeComposite(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: members.count, depth: depth) {
      (output, position) throws(CanonicalWriteError) in
      let key = members[position].key
      output.writeString(key)
      output.bytes.append(UInt8(ascii: ":"))
      if output.pretty { output.bytes.append(UInt8(ascii: " ")) }
      do throws(CanonicalWriteError) {
        try members[position].value.write(
          to: &output, depth: depth + 1, allowsFraction: isDoubleParameter && key == "value",
          isDoubleParameter: isDoubleEnvelope && key == "value")
      } catch {
        throw error.prefixed(by: .key(key))
      }
    }
  }

  /// The framing an array and an object share: `open`, then `count` items (a comma between two;
  /// in the pretty form each on a line of its own, one level deeper), then `close`; an empty
  /// composite stays on one line.
  @inline(__always)
  mutating func writeComposite(
    open: UInt8, close: UInt8, count: Int, depth: Int,
    item: (inout CanonicalOutput, Int) throws(CanonicalWriteError) -> Void
  ) throws(CanonicalWriteError) {
    bytes.append(open)
    if count > 0 {
      for position in 0..<count {
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        newline(depth: depth + 1)
        try item(&self, position)
      }
      newline(depth: depth)
    }
    bytes.append(close)
  }

  mutating func newline(depth: Int) {
    guard pretty else { return }
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
  }

  static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// Writes a quoted string: runs that need no escape are copied whole.
  mutating func writeString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    if UUIDShape.matches(text) {
      bytes.append(contentsOf: text.lowercased().utf8)
      bytes.append(UInt8(ascii: "\""))
      return
    }
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
        runStart = index + 1
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
          bytes.append(UInt8(ascii: "u"))
          bytes.append(UInt8(ascii: "0"))
          bytes.append(UInt8(ascii: "0"))
          bytes.append(Self.hexDigits[Int(byte >> 4)])
          bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
      }
      if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
