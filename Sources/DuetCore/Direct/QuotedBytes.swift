/// The dialect's string quoting over raw bytes, for writers that fill memory of their own (the
/// direct writer, a runner's reply line): `"` and `\` escaped, control characters as `\n`, `\r`,
/// `\t` or `\u00XX`, every other byte as it is — `CanonicalOutput.writeString`'s rule without its
/// UUID case, which each caller checks first.
package enum QuotedBytes {
  /// The most bytes `write` puts down for `count` input bytes.
  package static func capacity(for count: Int) -> Int { count * 6 + 2 }

  /// Writes `utf8` quoted at `out` (``capacity(for:)`` bytes reserved) and returns the end.
  @inline(__always)
  package static func write(
    _ utf8: UnsafeBufferPointer<UInt8>, to start: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    var out = start
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
        out[4] = hexDigit(byte >> 4)
        out[5] = hexDigit(byte & 0x0F)
        out += 4
      }
      out += 2
    }
    out.pointee = UInt8(ascii: "\"")
    return out + 1
  }

  @inline(__always)
  static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
