import DuetCore
import DuetPlatform

/// Reads a `reduce` response line: `{"effects":…,"state":…}` or `{"error":…}`.
///
/// Envelopes are ordinary JSON (parsed, never byte-compared: a Duet Swift runner escapes `/`); only
/// the `state` and `effects` strings inside are byte-gate objects. The common shape, exactly
/// `{"effects":"…","state":"…"}`, is read by a direct scan (`ResponseScanner`); anything else, and
/// anything the scan is unsure of, goes through the full parser, which also words the errors.
package enum ReduceResponse {
  package static func parse(_ line: [UInt8]) throws(RunnerFault) -> ReduceReply {
    if let fast = ResponseScanner.scan(line) { return fast }
    let envelope = try ReplyEnvelope(line)
    if let refusal = envelope.refusal { return .refused(refusal) }
    guard case .string(let state)? = envelope.members["state"] else {
      throw .missingField("state", preview: envelope.preview)
    }
    guard case .string(let effects)? = envelope.members["effects"] else {
      throw .missingField("effects", preview: envelope.preview)
    }
    return .answer(state: state, effects: effects)
  }
}

/// The direct scan of `{"effects":"…","state":"…"}`: two JSON strings unescaped in one pass each.
///
/// It returns `nil` (and leaves the line to the parser) on anything else: other keys or order,
/// whitespace, `\u` escapes, control characters, or bytes that are not valid UTF-8.
package enum ResponseScanner {
  static func scan(_ line: [UInt8]) -> ReduceReply? {
    line.withUnsafeBufferPointer { bytes -> ReduceReply? in
      guard let afterOpening = literal(#"{"effects":""#, in: bytes, at: 0),
        let (effects, afterEffects) = string(bytes, from: afterOpening),
        let afterMiddle = literal(#","state":""#, in: bytes, at: afterEffects),
        let (state, afterState) = string(bytes, from: afterMiddle),
        afterState + 1 == bytes.count, bytes[afterState] == UInt8(ascii: "}")
      else { return nil }
      return .answer(state: state, effects: effects)
    }
  }

  /// True when `line` is exactly `{"effects":"…","state":"…"}` whose two strings, unescaped, are
  /// the bytes of `effects` and `state` (the expected texts' compact UTF-8, a recording's slices):
  /// the byte gate on the reply line itself, with no string made and nothing to validate. False on
  /// anything else, which the caller then reads in full (`ReduceResponse.parse`) to judge and word.
  package static func matches(_ line: [UInt8], effects: ArraySlice<UInt8>, state: ArraySlice<UInt8>) -> Bool {
    effects.withUnsafeBufferPointer { effects in
      state.withUnsafeBufferPointer { state in matches(line, effects: effects, state: state) }
    }
  }

  static func matches(
    _ line: [UInt8], effects expectedEffects: UnsafeBufferPointer<UInt8>,
    state expectedState: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    line.withUnsafeBufferPointer { bytes in
      guard let afterOpening = literal(#"{"effects":""#, in: bytes, at: 0),
        let afterEffects = content(bytes, from: afterOpening, equals: expectedEffects),
        let afterMiddle = literal(#","state":""#, in: bytes, at: afterEffects),
        let afterState = content(bytes, from: afterMiddle, equals: expectedState)
      else { return false }
      return afterState + 1 == bytes.count && bytes[afterState] == UInt8(ascii: "}")
    }
  }

  /// The index after `text` when `bytes` hold it at `start` (one `memcmp`).
  static func literal(_ text: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
    let count = text.utf8CodeUnitCount
    guard let base = bytes.baseAddress, start + count <= bytes.count,
      memcmp(base + start, text.utf8Start, count) == 0
    else { return nil }
    return start + count
  }

  /// The index after the closing quote of the string whose content starts at `start`, when that
  /// content unescaped is exactly `expected`; `nil` otherwise (or on what `string` leaves alone).
  static func content(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, equals expected: UnsafeBufferPointer<UInt8>)
    -> Int?
  {
    var index = start
    var matched = 0
    while index < bytes.count {
      var byte = bytes[index]
      if byte == UInt8(ascii: "\"") { return matched == expected.count ? index + 1 : nil }
      if byte == UInt8(ascii: "\\") {
        guard index + 1 < bytes.count, let unescaped = unescape(bytes[index + 1]) else { return nil }
        byte = unescaped
        index += 2
      } else {
        if byte < 0x20 { return nil }
        index += 1
      }
      guard matched < expected.count, expected[matched] == byte else { return nil }
      matched += 1
    }
    return nil
  }

  /// The string whose content starts at `start` (after its opening quote), and the index after its
  /// closing quote.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (String, Int)? {
    var closing = -1
    // One byte at a time: an eight-byte word scan measured more instructions, not fewer, on the
    // benchmark's states, whose escaped quotes come every few bytes (docs/performance.md).
    let unescaped = [UInt8](unsafeUninitializedCapacity: bytes.count - start) { output, count in
      guard let target = output.baseAddress else { return }
      var written = 0
      var index = start
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          closing = index
          break
        }
        if byte == UInt8(ascii: "\\") {
          guard index + 1 < bytes.count, let unescaped = unescape(bytes[index + 1]) else { break }
          target[written] = unescaped
          written += 1
          index += 2
          continue
        }
        if byte < 0x20 { break }
        target[written] = byte
        written += 1
        index += 1
      }
      count = written
    }
    guard closing >= 0, let text = String(validating: unescaped, as: UTF8.self) else { return nil }
    return (text, closing + 1)
  }

  /// The byte a two-character escape stands for; `nil` for `\u` (the parser's business) and junk.
  static func unescape(_ letter: UInt8) -> UInt8? {
    switch letter {
    case UInt8(ascii: "\""): return UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): return UInt8(ascii: "\\")
    case UInt8(ascii: "/"): return UInt8(ascii: "/")
    case UInt8(ascii: "n"): return 0x0A
    case UInt8(ascii: "r"): return 0x0D
    case UInt8(ascii: "t"): return 0x09
    case UInt8(ascii: "b"): return 0x08
    case UInt8(ascii: "f"): return 0x0C
    default: return nil
    }
  }
}
