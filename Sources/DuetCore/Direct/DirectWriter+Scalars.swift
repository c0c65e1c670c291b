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
      reserve(utf8.count * 6 + 2)
      var out = storage + count
      out.pointee = UInt8(ascii: "\"")
      out += 1
      for byte in utf8 {
        if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
          out.pointee = byte
          out += 1
          continue
        }
        out.pointee = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[1] = byte
        case 0x0A: out[1] = UInt8(ascii: "n")
        case 0x0D: out[1] = UInt8(ascii: "r")
        case 0x09: out[1] = UInt8(ascii: "t")
        default:
          out[1] = UInt8(ascii: "u")
          out[2] = UInt8(ascii: "0")
          out[3] = UInt8(ascii: "0")
          out[4] = CanonicalOutput.hexDigits[Int(byte >> 4)]
          out[5] = CanonicalOutput.hexDigits[Int(byte & 0x0F)]
          out += 4
        }
        out += 2
      }
      out.pointee = UInt8(ascii: "\"")
      out += 1
      advance(to: out)
    }
  }
}
