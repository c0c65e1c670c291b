import DuetCore

/// One recorded step as replay reads it: where its texts lie in the recording's `RecordingTexts`,
/// and its small fields.
///
/// A plain value (spans and numbers, no string, no reference), so reading, keeping and freeing a
/// recording's steps costs no retain, release or string per step; the step's texts and label
/// become values only when asked (`FixtureDocument.step(_:)`, docs/performance.md).
struct RecordedStep: Sendable {
  /// The action sent to the reducer.
  var action: TextSpan
  /// The effects expected, in emission order.
  var expectedEffects: TextSpan
  /// The full state expected after the step; `.absent` when the step records none (a chain's).
  var expectedState: TextSpan
  /// The reply line a runner answers when the step passes, in `RecordingTexts.replies`; `.absent`
  /// unless both expected texts are recorded and sendable.
  var reply: TextSpan
  /// The step's label; `.absent` when it has none.
  var label: LabelSpan
  /// The scenario line of the step's `When`.
  var line: Int?
  /// The chain node this step reduces on, as a place in `RecordingTexts.nodes`; -1 in leaf recordings.
  var node: Int32
  /// The chain promise: this step's last `notifyListener` payload is the next step's action value.
  var linkToNext: Bool
}

/// Where a recorded value lies: a range of `RecordingTexts.bytes` (its compact canonical text), a
/// value the dialect cannot send (`RecordingTexts.unsendable`), or none.
struct TextSpan: Sendable, Equatable {
  /// The first byte (≥ 0); the place of an unsendable value as `-1 - place`; `Int32.min`: absent.
  let start: Int32
  /// The byte after the text.
  let end: Int32

  /// The text at `range`.
  @inline(__always)
  init(_ range: Range<Int>) {
    start = Int32(truncatingIfNeeded: range.lowerBound)
    end = Int32(truncatingIfNeeded: range.upperBound)
  }

  private init(start: Int32, end: Int32) {
    self.start = start
    self.end = end
  }

  /// The unsendable value at `place`.
  static func unsendable(_ place: Int) -> TextSpan { TextSpan(start: Int32(-1 - place), end: 0) }

  /// No value.
  static let absent = TextSpan(start: .min, end: 0)

  var isAbsent: Bool { start == .min }

  /// True for a value the dialect cannot send.
  var isUnsendable: Bool { start < 0 && start != .min }

  /// The place of an unsendable value in `RecordingTexts.unsendable`.
  var unsendablePlace: Int { Int(-1 - start) }

  /// The range of the text, when there is one.
  @inline(__always)
  var range: Range<Int>? { start >= 0 ? Int(start)..<Int(end) : nil }
}

/// A label's span: its characters as they are (`quoted` false), or, when it holds an escape, the
/// whole quoted JSON string, decoded when asked.
struct LabelSpan: Sendable {
  var span: TextSpan
  var quoted: Bool

  static let absent = LabelSpan(span: .absent, quoted: false)
}

/// What a recording's `RecordedStep`s point into: one buffer of compact texts (for a recording
/// proven canonical, its whole compact text: the spans are where the values lie in it), the values
/// the dialect cannot send (with their problem), and the chain nodes the steps name.
struct RecordingTexts: Sendable {
  /// The compact texts.
  var bytes: [UInt8] = []
  /// The values the dialect cannot send, each with its problem (and its tree, for a failure's words).
  var unsendable: [WireText] = []
  /// The chain nodes the steps name, each once.
  var nodes: [String] = []
  /// Each step's expected reply line (`writeReplies`), one after another.
  var replies: [UInt8] = []

  init(bytes: [UInt8] = []) {
    self.bytes = bytes
  }

  /// `value` written in: its bytes appended, or its problem kept.
  mutating func append(_ value: WireText) -> TextSpan {
    switch value.bytes {
    case .success(let text):
      let start = bytes.count
      bytes.append(contentsOf: text)
      return TextSpan(start..<bytes.count)
    case .failure:
      unsendable.append(value)
      return .unsendable(unsendable.count - 1)
    }
  }

  /// Writes the line a runner answers when each step passes, `{"effects":"…","state":"…"}` (each
  /// text escaped as a JSON string holds it: `"` and `\` take a backslash; compact canonical text
  /// has no other byte to escape), into `replies`, made once for all the steps, and sets each
  /// step's `reply`: replay then judges a passing reply with one `memcmp`. A step without both
  /// texts (a chain step without a state, an unsendable value) keeps `.absent` and is judged in full.
  mutating func writeReplies(for steps: inout [RecordedStep]) {
    let opening: StaticString = #"{"effects":""#
    let middle: StaticString = #"","state":""#
    let frame = opening.utf8CodeUnitCount + middle.utf8CodeUnitCount + 2
    var most = 0
    for step in steps {
      guard let effects = step.expectedEffects.range, let state = step.expectedState.range else { continue }
      // The worst case: every byte escaped.
      most += frame + 2 * (effects.count + state.count)
    }
    guard most > 0 else { return }
    replies = bytes.withUnsafeBufferPointer { source in
      // Eight bytes of room past the worst case: `escape` stores whole words ahead of what it keeps.
      [UInt8](unsafeUninitializedCapacity: most + 8) { target, count in
        let first = target.baseAddress.unsafelyUnwrapped
        let base = source.baseAddress.unsafelyUnwrapped
        var out = first
        // Borrowed once: set through `steps[index]`, each step's reply cost a uniqueness check.
        steps.withUnsafeMutableBufferPointer { steps in
          for index in steps.indices {
            guard let effects = steps[index].expectedEffects.range, let state = steps[index].expectedState.range else {
              continue
            }
            let start = first.distance(to: out)
            out.update(from: opening.utf8Start, count: opening.utf8CodeUnitCount)
            out = Self.escape(
              base + effects.lowerBound, effects.count, readable: source.count &- effects.lowerBound,
              to: out + opening.utf8CodeUnitCount)
            out.update(from: middle.utf8Start, count: middle.utf8CodeUnitCount)
            out = Self.escape(
              base + state.lowerBound, state.count, readable: source.count &- state.lowerBound,
              to: out + middle.utf8CodeUnitCount)
            out[0] = UInt8(ascii: "\"")
            out[1] = UInt8(ascii: "}")
            out += 2
            steps[index].reply = TextSpan(start..<first.distance(to: out))
          }
        }
        count = first.distance(to: out)
      }
    }
  }

  /// Copies `count` bytes from `from` to `out` with a backslash before each `"` and `\`; returns
  /// the position after them. Eight bytes at a time (`escapeWord`), so a word holding several
  /// quotes is read and judged once (a counter state has a quote every four or five bytes). A
  /// text's last bytes are read as a whole word too when eight can be read (`readable` bytes from
  /// `from` lie in the buffer), its bytes past the text masked off, so `[]` takes one word, not a
  /// byte loop. `out` needs eight bytes of room past what it keeps.
  @inline(__always)
  static func escape(
    _ from: UnsafePointer<UInt8>, _ count: Int, readable: Int, to out: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    var out = out
    var read = 0
    // Whole words of the text, then its last few bytes as one masked word when eight can be read.
    while read &+ 8 <= count {
      out = escapeWord(from + read, 8, to: out)
      read &+= 8
    }
    if read < count, read &+ 8 <= readable {
      out = escapeWord(from + read, count &- read, to: out)
      read = count
    }
    while read < count {
      let byte = from[read]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        out.pointee = UInt8(ascii: "\\")
        out += 1
      }
      out.pointee = byte
      out += 1
      read &+= 1
    }
    return out
  }

  /// The first `taken` (1...8) bytes at `from` escaped to `out` (eight bytes are read and stored
  /// whole); returns the position after them. Each byte to escape gets a backslash in its place
  /// and the rest of the word is stored again one byte on: byte `at` of the word lies at
  /// `out + at`, `out` moving one on for each backslash written.
  @inline(__always)
  static func escapeWord(_ from: UnsafePointer<UInt8>, _ taken: Int, to out: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    var out = out
    let word = UInt64(littleEndian: UnsafeRawPointer(from).loadUnaligned(as: UInt64.self))
    UnsafeMutableRawPointer(out).storeBytes(of: word.littleEndian, as: UInt64.self)
    var flags = escapeFlags(word)
    // Only the text's bytes count: a flag past them is dropped.
    if taken < 8 { flags &= (1 &<< UInt64(taken &* 8)) &- 1 }
    while flags != 0 {
      let at = flags.trailingZeroBitCount &>> 3
      out[at] = UInt8(ascii: "\\")
      UnsafeMutableRawPointer(out + (at &+ 1)).storeBytes(of: (word &>> UInt64(at &* 8)).littleEndian, as: UInt64.self)
      out += 1
      flags &= flags &- 1
    }
    return out + taken
  }

  /// The high bit of each `"` or `\` byte of a little-endian word, exactly (no borrow runs from
  /// one byte into the next: each byte's low seven bits are added apart from its high bit).
  @inline(__always)
  static func escapeFlags(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let quote = word ^ (0x22 &* ones)
    let backslash = word ^ (0x5C &* ones)
    // A byte's high bit is clear here exactly when the byte is zero.
    let nonzeroQuote = ((quote & low) &+ low) | quote
    let nonzeroBackslash = ((backslash & low) &+ low) | backslash
    return ~(nonzeroQuote & nonzeroBackslash) & ~low
  }

  /// `label`'s characters written in.
  mutating func append(label: String) -> LabelSpan {
    let start = bytes.count
    bytes.append(contentsOf: label.utf8)
    return LabelSpan(span: TextSpan(start..<bytes.count), quoted: false)
  }

  /// The place of `node` in `nodes` (added when new).
  mutating func place(ofNode node: String) -> Int32 {
    if let found = nodes.firstIndex(of: node) { return Int32(found) }
    nodes.append(node)
    return Int32(nodes.count - 1)
  }

  /// `step` written in (its index is its place).
  mutating func record(_ step: FixtureStep) -> RecordedStep {
    let effects = append(step.expectedEffects)
    let state = step.expectedState.map { append($0) } ?? .absent
    return RecordedStep(
      action: append(step.action), expectedEffects: effects, expectedState: state, reply: .absent,
      label: step.label.map { append(label: $0) } ?? .absent, line: step.line,
      node: step.node.map { place(ofNode: $0) } ?? -1, linkToNext: step.linkToNext)
  }

  /// The value at `span` (a slice of `bytes`, or the unsendable value); `span` must not be absent.
  func wireText(_ span: TextSpan) -> WireText {
    if let range = span.range { return WireText(bytes: bytes[range]) }
    return unsendable[span.unsendablePlace]
  }

  /// The label at `label`, made a string.
  func label(_ label: LabelSpan) -> String? { Self.label(label, in: bytes) }

  /// The label at `label` of `bytes`, made a string.
  static func label(_ label: LabelSpan, in bytes: [UInt8]) -> String? {
    guard let range = label.span.range else { return nil }
    if label.quoted { return (try? JSONParser().parse(bytes[range]))?.stringValue }
    return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
  }

  /// The node at `place` (-1: none).
  func node(_ place: Int32) -> String? { place >= 0 ? nodes[Int(place)] : nil }
}
