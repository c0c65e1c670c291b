/// A strict RFC 8259 parser into `JSONValue`.
///
/// Strict because fixtures are build products: a duplicate key, a trailing comma, a comment, a
/// leading zero, a lone surrogate, invalid UTF-8 or absurd nesting all mean the file was not
/// written by a canonical writer, and silently accepting them would hide a hand edit.
public struct JSONParser: Sendable {
  /// The deepest nesting accepted; deeper input is refused instead of exhausting the stack.
  public var maximumDepth: Int

  public init(maximumDepth: Int = 512) {
    self.maximumDepth = maximumDepth
  }

  /// Parses one JSON text (surrounding whitespace allowed) into a value tree.
  public func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
    let result: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
      parse(buffer)
    }
    if let result { return try result.get() }
    return try Array(bytes).withUnsafeBufferPointer { buffer in parse(buffer) }.get()
  }

  func members(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<[(String, JSONValue)]?, JSONParseError> {
    var reader = JSONReader(bytes: buffer, maximumDepth: maximumDepth)
    do {
      return .success(try reader.parseDocumentMembers())
    } catch {
      return .failure(error)
    }
  }

  func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONParseError> {
    var reader = JSONReader(bytes: buffer, maximumDepth: maximumDepth)
    do {
      return .success(try reader.parseDocument())
    } catch {
      return .failure(error)
    }
  }

  /// Parses a string's UTF-8 bytes.
  public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try parse(text.utf8)
  }

  /// The members of a document that is one object, in source order, exactly as strict as
  /// ``parse(_:)-(some Collection<UInt8>)`` (duplicates refused); `nil` when the document is valid
  /// JSON but not an object.
  ///
  /// A protocol line is an object read once for a few fields: hashing its members into a
  /// dictionary only to look four of them up again was a tenth of a tiny runner request.
  public func parseMembers(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> [(String, JSONValue)]? {
    let result: Result<[(String, JSONValue)]?, JSONParseError>? = bytes.withContiguousStorageIfAvailable {
      buffer in
      members(buffer)
    }
    if let result { return try result.get() }
    return try parseMembers(Array(bytes))
  }
}

/// The cursor behind `JSONParser`: one pass over the bytes.
///
/// The path of an error is not kept while reading (a stack pushed and popped per member cost an
/// allocation per document): each enclosing member or element prefixes its step to an error as
/// the error passes through it, so the hot path carries nothing for errors.
struct JSONReader {
  let bytes: UnsafeBufferPointer<UInt8>
  let maximumDepth: Int
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw failure("a byte-order mark is not allowed") }
    skipWhitespace()
    let value = try parseValue(depth: 0)
    skipWhitespace()
    if index < bytes.count { throw failure("unexpected \(describeByte()) after the end of the document") }
    return value
  }

  /// ``parseDocument()`` for a document expected to be one object: its members, unhashed.
  mutating func parseDocumentMembers() throws(JSONParseError) -> [(String, JSONValue)]? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw failure("a byte-order mark is not allowed") }
    skipWhitespace()
    guard peek(UInt8(ascii: "{")) else {
      _ = try parseDocument()
      return nil
    }
    let members = try parseMembers(depth: 1)
    skipWhitespace()
    if index < bytes.count { throw failure("unexpected \(describeByte()) after the end of the document") }
    return members
  }

  // MARK: - Values

  mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
    guard index < bytes.count else { throw failure("unexpected end of input, expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    case UInt8(ascii: "/"): throw failure("comments are not allowed in JSON")
    default: throw failure("unexpected \(describeByte()), expected a value")
    }
  }

  mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
    // Members are gathered in order and hashed once, into a dictionary of the exact size.
    let members = try parseMembers(depth: depth)
    return .object(members.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: members))
  }

  /// An object's members in source order, each key once (a duplicate is refused).
  mutating func parseMembers(depth: Int) throws(JSONParseError) -> [(String, JSONValue)] {
    if depth > maximumDepth { throw failure("nesting deeper than \(maximumDepth) levels") }
    index += 1  // {
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      index += 1
      return []
    }
    var members: [(String, JSONValue)] = []
    members.reserveCapacity(4)
    var seen: Set<String>?
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of input inside an object") }
      if bytes[index] == UInt8(ascii: "}") { throw failure("trailing comma before '}'") }
      guard bytes[index] == UInt8(ascii: "\"") else {
        if bytes[index] == UInt8(ascii: "/") { throw failure("comments are not allowed in JSON") }
        throw failure("unexpected \(describeByte()), expected a quoted object key")
      }
      let keyOffset = index
      let key = try parseString()
      if Self.isDuplicate(key, in: members, seen: &seen) {
        index = keyOffset
        throw failure("duplicate key '\(PrintableText.escaped(key))'")
      }
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after object key '\(key)'") }
      index += 1
      skipWhitespace()
      do {
        members.append((key, try parseValue(depth: depth)))
      } catch {
        throw error.prefixed(by: .key(key))
      }
      if try closes(UInt8(ascii: "}"), inside: "an object") { return members }
    }
  }

  /// A linear scan for small objects; a set once an object grows past a handful of members.
  static func isDuplicate(_ key: String, in members: [(String, JSONValue)], seen: inout Set<String>?) -> Bool {
    if seen == nil, members.count < 16 {
      return members.contains { $0.0 == key }
    }
    if seen == nil { seen = Set(members.map(\.0)) }
    return !seen!.insert(key).inserted
  }

  mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
    if depth > maximumDepth { throw failure("nesting deeper than \(maximumDepth) levels") }
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if peek(UInt8(ascii: "]")) { throw failure("trailing comma before ']'") }
      do {
        elements.append(try parseValue(depth: depth))
      } catch {
        throw error.prefixed(by: .index(elements.count))
      }
      if try closes(UInt8(ascii: "]"), inside: "an array") { return .array(elements) }
    }
  }

  /// After a member or an element: true at the container's `closing` bracket, false at a comma
  /// (either consumed); anything else fails, naming the container.
  @inline(__always)
  mutating func closes(_ closing: UInt8, inside container: String) throws(JSONParseError) -> Bool {
    skipWhitespace()
    guard index < bytes.count else { throw failure("unexpected end of input inside \(container)") }
    let byte = bytes[index]
    guard byte == UInt8(ascii: ",") || byte == closing else {
      throw failure("unexpected \(describeByte()), expected ',' or '\(Character(Unicode.Scalar(closing)))'")
    }
    index += 1
    return byte == closing
  }

  mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
    for expected in word.utf8 {
      guard index < bytes.count, bytes[index] == expected else {
        throw failure("unexpected \(describeByte()), expected '\(word)'")
      }
      index += 1
    }
    return value
  }

  // MARK: - Numbers

  mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = index
    var isInteger = true
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw failure("a number needs a digit after '-'")
    }
    // The magnitude, accumulated while scanning; `nil` once it no longer fits.
    var magnitude: UInt64? = 0
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) { throw failure("leading zeros are not allowed in numbers") }
    } else {
      while index < bytes.count, isDigit(bytes[index]) {
        if let value = magnitude {
          let (times10, overflowA) = value.multipliedReportingOverflow(by: 10)
          let (sum, overflowB) = times10.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
          magnitude = overflowA || overflowB ? nil : sum
        }
        index += 1
      }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw failure("a fraction needs a digit after '.'") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else { throw failure("an exponent needs a digit") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if isInteger, let value = magnitude {
      if !negative, value <= UInt64(Int64.max) { return .integer(Int64(value)) }
      if negative, value <= UInt64(Int64.max) + 1 { return .integer(value == 0 ? 0 : 0 &- Int64(bitPattern: value)) }
    }
    let lexeme = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    if !isInteger { return .fraction(lexeme) }
    return .largeInteger(lexeme)
  }

  func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  // MARK: - Strings

  /// Reads a string starting at its opening quote; validates UTF-8 and escapes.
  mutating func parseString() throws(JSONParseError) -> String {
    index += 1  // opening quote
    var scalars: [UInt8] = []
    var runStart = index
    while true {
      guard index < bytes.count else { throw failure("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        if scalars.isEmpty {
          let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
          index += 1
          return String(decoding: run, as: UTF8.self)
        }
        scalars.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        index += 1
        return String(decoding: scalars, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        scalars.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        try parseEscape(into: &scalars)
        runStart = index
        continue
      }
      if byte < 0x20 { throw failure("control character U+\(hex4(UInt32(byte))) must be escaped in a string") }
      if byte < 0x80 {
        index += 1
      } else {
        try skipMultibyteScalar()
      }
    }
  }

  mutating func parseEscape(into output: inout [UInt8]) throws(JSONParseError) {
    index += 1  // backslash
    guard index < bytes.count else { throw failure("unterminated escape sequence") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
    case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
    case UInt8(ascii: "b"): output.append(0x08)
    case UInt8(ascii: "f"): output.append(0x0C)
    case UInt8(ascii: "n"): output.append(0x0A)
    case UInt8(ascii: "r"): output.append(0x0D)
    case UInt8(ascii: "t"): output.append(0x09)
    case UInt8(ascii: "u"):
      let escapeStart = index - 2
      let first = try readHex4()
      var scalarValue = first
      if (0xD800...0xDBFF).contains(first) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else {
          index = escapeStart
          throw failure("lone high surrogate \\u\(hex4(first)) in a string")
        }
        index += 2
        let second = try readHex4()
        guard (0xDC00...0xDFFF).contains(second) else {
          index = escapeStart
          throw failure("high surrogate \\u\(hex4(first)) is not followed by a low surrogate")
        }
        scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(first) {
        index = escapeStart
        throw failure("lone low surrogate \\u\(hex4(first)) in a string")
      }
      guard let scalar = Unicode.Scalar(scalarValue) else {
        index = escapeStart
        throw failure("invalid escape \\u\(hex4(scalarValue))")
      }
      output.append(contentsOf: String(Character(scalar)).utf8)
    default:
      index -= 2
      throw failure("invalid escape sequence '\\\(printable(byte))' in a string")
    }
  }

  mutating func readHex4() throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexValue(bytes[index]) else {
        throw failure("\\u must be followed by four hex digits")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// Validates one multi-byte UTF-8 scalar at `index` (`UTF8Scalar`: no overlongs, no surrogates).
  mutating func skipMultibyteScalar() throws(JSONParseError) {
    switch UTF8Scalar.check(bytes, at: index) {
    case .valid(let length): index += length
    case .invalidLead: throw failure("invalid UTF-8 byte 0x\(hex2(bytes[index]))")
    case .truncated: throw failure("truncated UTF-8 sequence")
    case .invalidContinuation(let position):
      index = position
      throw failure("invalid UTF-8 continuation byte 0x\(hex2(bytes[position]))")
    }
  }

  // MARK: - Helpers

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

  func describeByte() -> String {
    guard index < bytes.count else { return "end of input" }
    let byte = bytes[index]
    if byte >= 0x20 && byte < 0x7F { return "'\(printable(byte))'" }
    return "byte 0x\(hex2(byte))"
  }

  func printable(_ byte: UInt8) -> String { String(UnicodeScalar(byte)) }
  func hex2(_ byte: UInt8) -> String {
    let text = String(byte, radix: 16, uppercase: true)
    return text.count < 2 ? "0" + text : text
  }
  func hex4(_ value: UInt32) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - text.count)) + text
  }

  /// An error at the current byte, with its line and column; the enclosing members and elements
  /// add the path as it passes through them (`JSONParseError.prefixed(by:)`).
  func failure(_ message: String) -> JSONParseError {
    let offset = min(index, bytes.count)
    var line = 1
    var lineStart = 0
    for position in 0..<offset where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    return JSONParseError(
      message: message, line: line, column: offset - lineStart + 1, offset: offset, path: JSONPath(root: ""))
  }
}

extension JSONParseError {
  /// The same error one level further out: `step` goes in front of the path.
  func prefixed(by step: JSONPathComponent) -> JSONParseError {
    var error = self
    error.path.components.insert(step, at: 0)
    return error
  }
}
