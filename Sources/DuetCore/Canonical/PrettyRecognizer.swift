/// One pass over bytes that answers "are these exactly what the pretty writer would emit for the
/// value they parse to?", production by production, mirroring `CanonicalOutput` in pretty mode.
///
/// It never builds a value. As it goes it writes the compact form (every byte but the layout) to
/// the output, and records every value down to `indexDepth` levels as a `PrettyIndexNode`, so a
/// caller can navigate the shallow structure and take any indexed value's compact text as a slice.
///
/// It is one loop over the document's lines, with an explicit stack of open containers (no call
/// per value): reading a recording is on the verifier's per-step path, so this pass is kept tight.
/// Every pretty line is an indentation the open containers fix, then one token group: in an object
/// a key, `": "` and a value; in an array a value; or a closing bracket. So each line's indentation
/// (with the key's opening quote or the closing bracket after it) is one masked word compare against
/// a pattern its container computed once, a short key is one word (its order one compare of
/// big-endian words), and strings and small integers are read and copied a word at a time.
///
/// The pass reads a copy of the input followed by `slack` zero bytes, so it checks no bounds: a
/// zero byte matches no pattern, is no digit and is a control character no string may hold, so
/// every read that succeeds is inside the input, and every word read ends inside the zero run.
///
/// It is deliberately conservative: a fraction (legal only as a telemetry double), a key with an
/// escape, or nesting near the parser's limit makes it answer "refused", and the caller falls back
/// to parse-and-re-emit, which also says what is wrong.
enum PrettyRecognizer {
  /// Well inside `JSONParser`'s default limit, so an accepted text always parses.
  static let maximumDepth = 500

  /// Zero bytes after the input's copy, and the room the output needs past the compact text: the
  /// loop reads and writes whole words up to 16 bytes past a position it has proven to hold input.
  static let slack = 32

  /// What one pass found.
  enum Outcome: Equatable {
    /// Canonical: this many compact bytes were written and this many values indexed.
    case accepted(written: Int, nodes: Int)
    /// Not canonical pretty text, or not a kind this pass handles.
    case refused
    /// More values to index than the index had room for (the caller retries with the bound).
    case indexFull
  }

  /// An open container: the layout of its lines, worked out once when it opens, its node (`-1`
  /// below the index) and, for an object, its previous key.
  ///
  /// A line of its children is `childWords` words of eight spaces, then the bytes `childMask`
  /// keeps of the next word equal to `childPattern` (the rest of the indentation, and in an object
  /// the key's opening quote), `childSkip` of them; its closing line likewise with `close…`.
  struct Frame {
    var childMask: UInt64
    var childPattern: UInt64
    var closeMask: UInt64
    var closePattern: UInt64
    /// The previous key's first eight bytes, big-endian, zero-padded: keys hold no zero byte, so
    /// these words order like the keys unless both are equal and eight bytes long or more.
    var previousKey: UInt64
    var previousKeyStart: UnsafePointer<UInt8>
    /// `-1` before the first key.
    var previousKeyCount: Int32
    var node: Int32
    var childWords: UInt8
    var closeWords: UInt8
    var childSkip: UInt8
    var closeSkip: UInt8
    var opener: UInt8
    var close: UInt8
    var isObject: Bool
    var indexesChildren: Bool
  }

  /// Recognises `bytes` and, when they are canonical, calls `accepted` with the compact text and
  /// the index (valid only during the call: they lie in the pass's own scratch memory) and returns
  /// its answer; false otherwise. Values down to `indexDepth` levels below the root are indexed.
  static func document(
    _ bytes: UnsafeBufferPointer<UInt8>, indexDepth: Int,
    _ accepted: (_ compact: UnsafeBufferPointer<UInt8>, _ index: UnsafeBufferPointer<PrettyIndexNode>) -> Bool
  ) -> Bool {
    guard let source = bytes.baseAddress, !bytes.isEmpty, bytes.count < Int(Int32.max) else { return false }
    let count = bytes.count
    // Each open container takes at least two bytes (`{` and a newline).
    let depthLimit = min(maximumDepth, count / 2)
    // The index is sized by a guess that holds for recordings (their bulk lies below the index);
    // past it the pass runs again with the bound: every value after the first starts a line of its
    // own, and a line takes two bytes or more.
    let guess = indexDepth == 0 ? 1 : count / 16 + 8
    // One allocation: the input's copy and its zero run, the output (the compact text and room
    // for the words written past it), the frames, then the index.
    let outputOffset = (count + slack + 15) & ~15
    let framesOffset = outputOffset + outputOffset
    let indexOffset = framesOffset + (depthLimit + 1) * MemoryLayout<Frame>.stride
    let scratch = UnsafeMutableRawPointer.allocate(
      byteCount: indexOffset + guess * MemoryLayout<PrettyIndexNode>.stride, alignment: 16)
    defer { scratch.deallocate() }
    scratch.copyMemory(from: source, byteCount: count)
    (scratch + count).initializeMemory(as: UInt8.self, repeating: 0, count: outputOffset - count)
    let input = UnsafeBufferPointer(start: UnsafePointer(scratch.assumingMemoryBound(to: UInt8.self)), count: count)
    let output = (scratch + outputOffset).bindMemory(to: UInt8.self, capacity: outputOffset)
    let frames = (scratch + framesOffset).bindMemory(to: Frame.self, capacity: depthLimit + 1)
    var index = (scratch + indexOffset).bindMemory(to: PrettyIndexNode.self, capacity: guess)
    var outcome = lines(
      input, output: output, frames: frames, depthLimit: depthLimit, index: index, capacity: guess,
      indexDepth: indexDepth)
    var wide: UnsafeMutablePointer<PrettyIndexNode>?
    defer { wide?.deallocate() }
    if outcome == .indexFull {
      let bound = count / 2 + 2
      index = UnsafeMutablePointer<PrettyIndexNode>.allocate(capacity: bound)
      wide = index
      outcome = lines(
        input, output: output, frames: frames, depthLimit: depthLimit, index: index, capacity: bound,
        indexDepth: indexDepth)
    }
    guard case .accepted(let written, let made) = outcome, made > 0 else { return false }
    return accepted(UnsafeBufferPointer(start: output, count: written), UnsafeBufferPointer(start: index, count: made))
  }

  static let quote = UInt8(ascii: "\"")
  static let newline = UInt8(ascii: "\n")
  static let spaces: UInt64 = 0x2020_2020_2020_2020
  /// `,` then a newline, and `"` `:` ` `, as little-endian loads.
  static let commaNewline: UInt16 = 0x0A2C
  static let quoteColonSpace: UInt32 = 0x20_3A22
  static let quoteColon: UInt16 = 0x3A22

  /// The loop over lines; `input` is followed by `slack` zero bytes, `frames` has room for
  /// `depthLimit + 1` frames (the first is the document's own).
  static func lines(
    _ bytes: UnsafeBufferPointer<UInt8>, output: UnsafeMutablePointer<UInt8>, frames: UnsafeMutablePointer<Frame>,
    depthLimit: Int, index: UnsafeMutablePointer<PrettyIndexNode>, capacity: Int, indexDepth: Int
  ) -> Outcome {
    let input = bytes.baseAddress.unsafelyUnwrapped
    let end = input + bytes.count
    let framesEnd = frames + depthLimit
    // The document is a container of one value with no layout before it.
    frames.initialize(
      to: Frame(
        childMask: 0, childPattern: 0, closeMask: 0, closePattern: 0, previousKey: 0, previousKeyStart: input,
        previousKeyCount: -1, node: -1, childWords: 0, closeWords: 0, childSkip: 0, closeSkip: 0, opener: 0, close: 0,
        isObject: false, indexesChildren: indexDepth >= 0))
    var top = frames
    /// The deepest frame initialized so far.
    var ready = frames
    var p = input
    var q = output
    var made = 0
    /// The node of the value just completed (`-1` below the index): its next sibling comes next.
    var last = -1

    line: while true {
      // A line of `top`'s: its indentation and, in an object, the key's opening quote.
      guard
        let start = layout(
          p, words: top.pointee.childWords, mask: top.pointee.childMask, pattern: top.pointee.childPattern,
          skip: top.pointee.childSkip)
      else { return .refused }
      p = start
      /// The member's key as a range of the output packed in one word (start low, end high, as a
      /// node holds them; `-1` for an element).
      var key = -1
      if top.pointee.isObject {
        // The key, copied a word at a time up to its first byte that needs a look: for a key of
        // plain ASCII, its closing quote, then `": "`.
        q.pointee = quote
        let first = loadRaw(p)
        storeRaw(q + 1, first)
        let firstFlags = PlainBytes.special(UInt64(littleEndian: first))
        var flags = firstFlags
        var at = p
        var to = q + 1
        while flags == 0 {
          at += 8
          to += 8
          let raw = loadRaw(at)
          storeRaw(to, raw)
          flags = PlainBytes.special(UInt64(littleEndian: raw))
        }
        let plain = flags.trailingZeroBitCount &>> 3
        at += plain
        to += plain
        let length = at - p
        if load32(at) & 0xFF_FFFF == quoteColonSpace, firstFlags != 0 || length != 36 {
          // Its first eight bytes as a big-endian word order it, unless they equal the previous key's.
          let word = (UInt64(littleEndian: first) & PlainBytes.before(firstFlags)).byteSwapped
          let previous = top.pointee.previousKey
          if word <= previous {
            guard word == previous, tiedKeyFollows(p, length, frame: top) else { return .refused }
          }
          top.pointee.previousKey = word
          top.pointee.previousKeyStart = p
          top.pointee.previousKeyCount = Int32(truncatingIfNeeded: length)
          store16(to, quoteColon)
          let start = q + 1 - output
          key = (start &+ length) &<< 32 | start
          p = at + 3
          q = to + 2
        } else {
          let (after, written) = longKey(p, q + 1, frame: top, bytes: bytes)
          guard let after else { return .refused }
          let start = q + 1 - output
          key = (start &+ (after - 3 - p)) &<< 32 | start
          p = after
          q = written
        }
      }

      var node = -1
      if top.pointee.indexesChildren {
        guard made < capacity else { return .indexFull }
        node = made
        made &+= 1
        let at = Int32(truncatingIfNeeded: q - output)
        (index + node).initialize(
          to: PrettyIndexNode(
            keyStart: Int32(truncatingIfNeeded: key), keyEnd: Int32(truncatingIfNeeded: key &>> 32), compactStart: at,
            compactEnd: at, firstChild: -1, nextSibling: -1))
      }
      let byte = p.pointee
      switch byte {
      case quote:
        q.pointee = quote
        let start = p + 1
        p = start
        q += 1
        // Whole words, copied as they are read, up to the first byte that needs a look.
        var raw = loadRaw(p)
        storeRaw(q, raw)
        var flags = PlainBytes.special(UInt64(littleEndian: raw))
        while flags == 0 {
          p += 8
          q += 8
          raw = loadRaw(p)
          storeRaw(q, raw)
          flags = PlainBytes.special(UInt64(littleEndian: raw))
        }
        let plain = flags.trailingZeroBitCount &>> 3
        p += plain
        q += plain
        if p.pointee == quote, p - start != 36 {
          // The closing quote is copied already.
          p += 1
          q += 1
        } else {
          let (after, written) = stringTail(p, q, start: start, isKey: false, bytes: bytes)
          guard let after else { return .refused }
          p = after
          q = written
        }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        // `}` and `]` are two code points after their openers.
        let close = byte &+ 2
        let second = p[1]
        if second == close {
          q.pointee = byte
          q[1] = close
          p += 2
          q += 2
          break  // an empty container is complete
        }
        guard second == newline, top < framesEnd else { return .refused }
        top += 1
        // A level's layout depends only on its depth and kind: a frame opened before at this
        // depth for the same kind is reused, its node and key order reset.
        if top <= ready, top.pointee.opener == byte {
          top.pointee.node = Int32(truncatingIfNeeded: node)
          top.pointee.previousKey = 0
          top.pointee.previousKeyCount = -1
        } else {
          top.initialize(
            to: frame(
              level: top - frames, opener: byte, node: Int32(truncatingIfNeeded: node), indexDepth: indexDepth,
              keyStart: p))
          if top > ready { ready = top }
        }
        if top.pointee.indexesChildren { index[node].firstChild = Int32(truncatingIfNeeded: made) }
        q.pointee = byte
        q += 1
        p += 2
        continue line
      case UInt8(ascii: "t"):
        guard load32(p) == trueWord else { return .refused }
        storeRaw(q, loadRaw(p))
        p += 4
        q += 4
      case UInt8(ascii: "n"):
        guard load32(p) == nullWord else { return .refused }
        storeRaw(q, loadRaw(p))
        p += 4
        q += 4
      case UInt8(ascii: "f"):
        guard load32(p + 1) == alseWord else { return .refused }
        storeRaw(q, loadRaw(p))
        p += 5
        q += 5
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        // Up to seven digits (and a sign) in one word, copied whole; longer ones out of line.
        let sign = byte == UInt8(ascii: "-") ? 1 : 0
        let flags = PlainBytes.nonDigit(load64(p + sign))
        if flags != 0 {
          let digits = flags.trailingZeroBitCount &>> 3
          guard digits > 0 else { return .refused }
          // No leading zero, no `-0`.
          if p[sign] == UInt8(ascii: "0"), digits > 1 || sign == 1 { return .refused }
          storeRaw(q, loadRaw(p))
          p += sign &+ digits
          q += sign &+ digits
        } else {
          let (after, written) = longInteger(p, q)
          guard let after else { return .refused }
          p = after
          q = written
        }
      default:
        return .refused
      }

      // A value is complete (and, when it closed containers, so are they): record its end, then
      // take a separator and the next line, or close the container it ends.
      if node >= 0 { index[node].compactEnd = Int32(truncatingIfNeeded: q - output) }
      last = node
      while true {
        if top == frames {
          return p + 1 == end && p.pointee == newline ? .accepted(written: q - output, nodes: made) : .refused
        }
        let pair = load16(p)
        if pair == commaNewline {
          q.pointee = UInt8(ascii: ",")
          q += 1
          p += 2
          if last >= 0 { index[last].nextSibling = Int32(truncatingIfNeeded: made) }
          continue line
        }
        guard UInt8(truncatingIfNeeded: pair) == newline else { return .refused }
        guard
          let after = layout(
            p + 1, words: top.pointee.closeWords, mask: top.pointee.closeMask, pattern: top.pointee.closePattern,
            skip: top.pointee.closeSkip)
        else { return .refused }
        p = after
        q.pointee = top.pointee.close
        q += 1
        last = Int(top.pointee.node)
        if last >= 0 { index[last].compactEnd = Int32(truncatingIfNeeded: q - output) }
        top -= 1
      }
    }
  }

  /// The position after a line's layout at `p`: `words` words of eight spaces, then the bytes of
  /// the next word that `mask` keeps, equal to `pattern` (`skip` of them); `nil` where it differs.
  @inline(__always)
  static func layout(
    _ p: UnsafePointer<UInt8>, words: UInt8, mask: UInt64, pattern: UInt64, skip: UInt8
  ) -> UnsafePointer<UInt8>? {
    var p = p
    var words = words
    while words > 0 {
      guard load64(p) == spaces else { return nil }
      p += 8
      words &-= 1
    }
    guard load64(p) & mask == pattern else { return nil }
    return p + Int(skip)
  }

  /// The frame of a container opened at `level` (the number of containers open around it, plus
  /// one): its children are indented by `2 × level` spaces, its closing bracket by two fewer.
  @inline(__always)
  static func frame(
    level: Int, opener: UInt8, node: Int32, indexDepth: Int, keyStart: UnsafePointer<UInt8>
  ) -> Frame {
    let isObject = opener == UInt8(ascii: "{")
    let close = opener &+ 2
    let child = level &<< 1
    let rest = child & 7
    // The rest of the indentation and one byte after it.
    let childMask = UInt64.max &>> UInt64(56 &- (rest &<< 3))
    let closing = child &- 2
    let closeRest = closing & 7
    let closeMask = UInt64.max &>> UInt64(56 &- (closeRest &<< 3))
    return Frame(
      childMask: isObject ? childMask : childMask &>> 8,
      childPattern: spaces & (childMask &>> 8) | (isObject ? UInt64(quote) &<< UInt64(rest &<< 3) : 0),
      closeMask: closeMask,
      closePattern: spaces & (closeMask &>> 8) | UInt64(close) &<< UInt64(closeRest &<< 3),
      previousKey: 0, previousKeyStart: keyStart, previousKeyCount: -1, node: node,
      childWords: UInt8(truncatingIfNeeded: child &>> 3), closeWords: UInt8(truncatingIfNeeded: closing &>> 3),
      childSkip: UInt8(truncatingIfNeeded: isObject ? rest &+ 1 : rest),
      closeSkip: UInt8(truncatingIfNeeded: closeRest &+ 1),
      opener: opener, close: close, isObject: isObject, indexesChildren: level <= indexDepth)
  }

  /// True when a key whose first eight bytes (zero-padded) equal those of `frame`'s previous key
  /// still follows it: it is the first key (the empty key), or both keys are eight bytes or longer
  /// and the rest orders after (keys hold no zero byte, so equal words of shorter keys are equal keys).
  @inline(never)
  static func tiedKeyFollows(_ key: UnsafePointer<UInt8>, _ length: Int, frame: UnsafeMutablePointer<Frame>) -> Bool {
    let previousCount = Int(frame.pointee.previousKeyCount)
    if previousCount < 0 { return true }
    return length >= 8 && previousCount >= 8
      && precedes(frame.pointee.previousKeyStart + 8, previousCount - 8, key + 8, length - 8)
  }

  /// A key with a byte that needs a look (an escape, which a key may not have, or a non-ASCII
  /// character), or UUID-long, from just after its opening quote (`to`: where its first byte goes):
  /// scanned, ordered after `frame`'s previous key, its `": "` checked and `":` written. Returns the
  /// position after the space and the output's next position, or `nil`.
  @inline(never)
  static func longKey(
    _ at: UnsafePointer<UInt8>, _ to: UnsafeMutablePointer<UInt8>, frame: UnsafeMutablePointer<Frame>,
    bytes: UnsafeBufferPointer<UInt8>
  ) -> (UnsafePointer<UInt8>?, UnsafeMutablePointer<UInt8>) {
    let (after, written) = stringTail(at, to, start: at, isKey: true, bytes: bytes)
    guard let after, load16(after) == UInt16(0x203A) else { return (nil, to) }
    let length = after - 1 - at
    let word = (load64(at) & PlainBytes.first(min(length, 8))).byteSwapped
    let previous = frame.pointee.previousKey
    if word < previous || word == previous && !tiedKeyFollows(at, length, frame: frame) { return (nil, to) }
    frame.pointee.previousKey = word
    frame.pointee.previousKeyStart = at
    frame.pointee.previousKeyCount = Int32(truncatingIfNeeded: length)
    written.pointee = UInt8(ascii: ":")
    return (after + 2, written + 1)
  }

  /// The rest of a string from `at` (copied to `to`), whose content began at `start`, escaped
  /// exactly as the writer escapes; the position after its closing quote and the output's next
  /// position, or `nil`. A key must have no escapes at all (its order is then a plain byte
  /// comparison).
  @inline(never)
  static func stringTail(
    _ at: UnsafePointer<UInt8>, _ to: UnsafeMutablePointer<UInt8>, start: UnsafePointer<UInt8>, isKey: Bool,
    bytes: UnsafeBufferPointer<UInt8>
  ) -> (UnsafePointer<UInt8>?, UnsafeMutablePointer<UInt8>) {
    var p = at
    var q = to
    var escaped = false
    while true {
      let raw = loadRaw(p)
      storeRaw(q, raw)
      let flags = PlainBytes.special(UInt64(littleEndian: raw))
      let plain = flags == 0 ? 8 : flags.trailingZeroBitCount &>> 3
      p += plain
      q += plain
      if flags == 0 { continue }
      let byte = p.pointee
      if byte == quote {
        if !escaped, p - start == 36, isUpperCaseUUID(start) { return (nil, to) }
        q.pointee = quote
        return (p + 1, q + 1)
      }
      if byte == UInt8(ascii: "\\") {
        let length = escapeLength(p)
        if isKey || length == 0 { return (nil, to) }
        escaped = true
        copy(p, to: q, count: length)
        p += length
        q += length
        continue
      }
      // A control character, or the zero run past the input's end.
      if byte < 0x20 { return (nil, to) }
      guard case .valid(let length) = UTF8Scalar.check(bytes, at: p - bytes.baseAddress.unsafelyUnwrapped) else {
        return (nil, to)
      }
      copy(p, to: q, count: length)
      p += length
      q += length
    }
  }

  /// An integer of eight digits or more as `String(Int64)` writes it: no leading zeros, in range.
  @inline(never)
  static func longInteger(_ at: UnsafePointer<UInt8>, _ to: UnsafeMutablePointer<UInt8>) -> (
    UnsafePointer<UInt8>?, UnsafeMutablePointer<UInt8>
  ) {
    var p = at
    var q = to
    let negative = p.pointee == UInt8(ascii: "-")
    if negative {
      q.pointee = p.pointee
      p += 1
      q += 1
    }
    let digitsStart = p
    var magnitude: UInt64 = 0
    while p.pointee &- UInt8(ascii: "0") < 10 {
      let (times10, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflowB) = times10.addingReportingOverflow(UInt64(p.pointee &- UInt8(ascii: "0")))
      if overflowA || overflowB { return (nil, to) }
      magnitude = sum
      q.pointee = p.pointee
      p += 1
      q += 1
    }
    let digits = p - digitsStart
    guard digits > 0, digitsStart.pointee != UInt8(ascii: "0") || digits == 1 && !negative else { return (nil, to) }
    guard negative ? magnitude <= UInt64(Int64.max) + 1 : magnitude <= UInt64(Int64.max) else { return (nil, to) }
    return (p, q)
  }

  /// `true`, `null` and the `alse` of `false`, as four bytes load from memory on any byte order.
  static var trueWord: UInt32 { 0x6575_7274 }
  static var nullWord: UInt32 { 0x6C6C_756E }
  static var alseWord: UInt32 { 0x6573_6C61 }

  /// Little-endian loads: byte 0 is the lowest.
  @inline(__always)
  static func load64(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
  }

  @inline(__always)
  static func load32(_ pointer: UnsafePointer<UInt8>) -> UInt32 {
    UInt32(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self))
  }

  @inline(__always)
  static func load16(_ pointer: UnsafePointer<UInt8>) -> UInt16 {
    UInt16(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt16.self))
  }

  @inline(__always)
  static func store16(_ pointer: UnsafeMutablePointer<UInt8>, _ value: UInt16) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: value.littleEndian, as: UInt16.self)
  }

  /// Eight bytes as they lie in memory, to be stored elsewhere as they are (`storeRaw`).
  @inline(__always)
  static func loadRaw(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
  }

  @inline(__always)
  static func storeRaw(_ pointer: UnsafeMutablePointer<UInt8>, _ raw: UInt64) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: raw, as: UInt64.self)
  }

  @inline(__always)
  static func copy(_ from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, count: Int) {
    for offset in 0..<count { to[offset] = from[offset] }
  }

  /// The length of the escape at `p` if it is one the writer writes, else 0: `"`, `\`, newline,
  /// return and tab by name, every other control character as `\u00xx` in lower-case hex.
  static func escapeLength(_ p: UnsafePointer<UInt8>) -> Int {
    switch p[1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return 2
    case UInt8(ascii: "u"):
      guard p[2] == UInt8(ascii: "0"), p[3] == UInt8(ascii: "0"), let high = lowerHex(p[4]), let low = lowerHex(p[5])
      else { return 0 }
      let scalar = high << 4 | low
      guard scalar < 0x20, scalar != 0x0A, scalar != 0x0D, scalar != 0x09 else { return 0 }
      return 6
    default:
      return 0
    }
  }

  /// Strict canonical key order on raw (escape-free) key bytes.
  static func precedes(_ left: UnsafePointer<UInt8>, _ leftCount: Int, _ right: UnsafePointer<UInt8>, _ rightCount: Int)
    -> Bool
  {
    let shared = min(leftCount, rightCount)
    var offset = 0
    // Eight bytes at a time read as big-endian words order like their bytes.
    while offset &+ 8 <= shared {
      let a = load64(left + offset).byteSwapped
      let b = load64(right + offset).byteSwapped
      if a != b { return a < b }
      offset &+= 8
    }
    while offset < shared {
      let a = left[offset]
      let b = right[offset]
      if a != b { return a < b }
      offset &+= 1
    }
    return leftCount < rightCount
  }

  /// UUID-shaped with an upper-case hex digit (36 bytes at `start`): the writer would have
  /// lower-cased it.
  static func isUpperCaseUUID(_ start: UnsafePointer<UInt8>) -> Bool {
    var sawUpper = false
    for position in 0..<36 {
      let byte = start[position]
      switch position {
      case 8, 13, 18, 23:
        if byte != UInt8(ascii: "-") { return false }
      default:
        if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F") {
          sawUpper = true
        } else if !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
          && !(byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
        {
          return false
        }
      }
    }
    return sawUpper
  }

  static func lowerHex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    default: return nil
    }
  }
}
