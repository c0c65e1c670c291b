import DuetCore

/// The `.runs/verify/fixtures/<name>.json` report of a recording that passed, written straight into
/// bytes.
///
/// Most recordings of a run pass, and their report is always the same few fields: encoding each
/// one through `Codable` (a box per field, a sorted dictionary per object) cost about a fifth of
/// the verifier's instructions per step on a small-state corpus. This writes the same bytes the
/// canonical pretty encoder writes for the result without its step list (``FixtureResult/slimmed``:
/// `stepCount` still says how many steps passed), keys in canonical order; a test holds the two to
/// the same bytes. Failed results keep the encoder: they are few, and carry everything `explain`
/// shows.
enum PassingReport {
  /// The pretty canonical bytes of `result.slimmed`; nil when `result` failed.
  static func bytes(_ result: FixtureResult) -> [UInt8]? {
    withBytes(result) { Array($0) }
  }

  /// Calls `body` with the report's bytes in a temporary buffer (on the stack: a report is a few
  /// hundred bytes), never a new array; nil when `result` failed.
  static func withBytes<Outcome>(_ result: FixtureResult, _ body: (UnsafeBufferPointer<UInt8>) -> Outcome) -> Outcome? {
    guard result.passed else { return nil }
    let feature = result.feature.map(QuotedText.init)
    let file = QuotedText(result.file)
    let kind = QuotedText(result.kind.rawValue)
    let name = QuotedText(result.name)
    let source = result.scenarioSource.map(QuotedText.init)
    // The member names, punctuation and two numbers take under 200 bytes.
    let bound = 200 + (feature?.count ?? 0) + file.count + kind.count + name.count + (source?.count ?? 0)
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { buffer in
      var cursor = Cursor(base: buffer.baseAddress!)
      cursor.put("{\n  \"durationMillis\": ")
      cursor.put(number: result.durationMillis)
      if let feature { cursor.put(",\n  \"feature\": ", feature) }
      cursor.put(",\n  \"file\": ", file)
      cursor.put(",\n  \"kind\": ", kind)
      cursor.put(",\n  \"name\": ", name)
      if let source { cursor.put(",\n  \"scenarioSource\": ", source) }
      cursor.put(",\n  \"stepCount\": ")
      cursor.put(number: max(result.stepCount, result.steps.count))
      cursor.put(",\n  \"steps\": []\n}\n")
      return body(UnsafeBufferPointer(rebasing: buffer[..<cursor.count]))
    }
  }

  /// A string as the dialect quotes it: printable ASCII with no quote or backslash, and not an
  /// upper-case UUID (which the dialect lower-cases), is written as it is between quotes; anything
  /// else goes through the canonical writer.
  enum QuotedText {
    case plain(String)
    case written([UInt8])

    init(_ text: String) {
      var text = text
      let plain = text.withUTF8 { bytes in
        Self.kinds.withUnsafeBufferPointer { kinds in
          var found: UInt8 = 0
          for byte in bytes { found |= kinds[Int(byte)] }
          // Only a UUID-shaped string (36 bytes) is case-folded, so only then do capitals count.
          return found & Self.escapedKind == 0 && (found & Self.upperKind == 0 || bytes.count != 36)
        }
      }
      if plain {
        self = .plain(text)
      } else {
        var written: [UInt8] = []
        CanonicalWriter.appendQuoted(text, to: &written)
        self = .written(written)
      }
    }

    /// What each byte is to the check above: `escapedKind` for what the dialect escapes (controls,
    /// `"`, `\\`) or what is not plain ASCII, `upperKind` for a capital letter.
    static let kinds: [UInt8] = (0...255).map { byte in
      if byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return escapedKind }
      return byte >= 0x41 && byte <= 0x5A ? upperKind : 0
    }
    static let escapedKind: UInt8 = 1
    static let upperKind: UInt8 = 2

    /// The quoted form's length in bytes.
    var count: Int {
      switch self {
      case .plain(let text): return text.utf8.count + 2
      case .written(let bytes): return bytes.count
      }
    }
  }

  /// Writes into a buffer known to be large enough.
  struct Cursor {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0

    mutating func put(_ text: StaticString) {
      put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard let start = bytes.baseAddress else { return }
      (base + count).initialize(from: start, count: bytes.count)
      count += bytes.count
    }

    /// The decimal digits of `number`, written in place (no string).
    mutating func put(number: Int) {
      if number < 0 {
        base[count] = UInt8(ascii: "-")
        count += 1
      }
      var value = number.magnitude
      var length = 1
      var probe = value
      while probe >= 10 {
        probe /= 10
        length += 1
      }
      var at = count + length
      repeat {
        at -= 1
        base[at] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      } while value > 0
      count += length
    }

    /// `,\n  "key": ` and the value quoted.
    mutating func put(_ member: StaticString, _ value: QuotedText) {
      put(member)
      switch value {
      case .plain(var text):
        base[count] = UInt8(ascii: "\"")
        count += 1
        text.withUTF8 { put($0) }
        base[count] = UInt8(ascii: "\"")
        count += 1
      case .written(let bytes):
        bytes.withUnsafeBufferPointer { put($0) }
      }
    }
  }
}
