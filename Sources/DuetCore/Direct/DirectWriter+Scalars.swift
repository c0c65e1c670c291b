extension DirectWriter {
  func writeBool(_ flag: Bool) {
    if flag { append("true") } else { append("false") }
  }

  func writeNull() { append("null") }

  /// An integer's decimal digits, as `String(_:)` writes them.
  func writeInteger(_ number: Int64) {
    reserve(20)
    var out = storage + count
    if number < 0 {
      out.pointee = UInt8(ascii: "-")
      out += 1
    }
    var magnitude = number.magnitude
    var digits = 1
    var rest = magnitude
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    var position = digits - 1
    repeat {
      out[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      magnitude /= 10
      position -= 1
    } while position >= 0
    out += digits
    advance(to: out)
  }

  /// An unsigned or narrow integer, when it fits the dialect's `Int64`.
  func writeInteger<N: BinaryInteger>(exactly number: N) throws {
    guard let exact = Int64(exactly: number) else { throw miss() }
    writeInteger(exact)
  }

  /// A quoted string exactly as `CanonicalOutput.writeString` writes it: `"` and `\` escaped,
  /// control characters as `\n`, `\r`, `\t` or `\u00XX`, a UUID-shaped text lower-cased.
  func writeQuoted(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      if utf8.count == 36, UUIDShape.matches(String(decoding: utf8, as: UTF8.self)) {
        append(UInt8(ascii: "\""))
        var lowered = String(decoding: utf8, as: UTF8.self).lowercased()
        lowered.withUTF8 { append($0) }
        append(UInt8(ascii: "\""))
        return
      }
      reserve(QuotedBytes.capacity(for: utf8.count))
      advance(to: QuotedBytes.write(utf8, to: storage + count))
    }
  }
}
