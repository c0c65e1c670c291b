/// One pass over bytes that answers "are these exactly what the pretty writer would emit for the
/// value they parse to?", production by production, mirroring `CanonicalOutput` in pretty mode.
///
/// It never builds a value. As it goes it writes the compact form (every byte but the layout) to
/// `output`, and records every value down to `indexDepth` levels as a `PrettyIndexNode`, so a
/// caller can navigate the shallow structure and take any indexed value's compact text as a slice.
///
/// It is one loop over raw bytes with an explicit stack of open containers (no call per value):
/// reading a recording is on the verifier's per-step path, so this pass is kept tight. Strings are
/// scanned and copied eight bytes at a time while none of the eight needs a look.
///
/// It is deliberately conservative: a fraction (legal only as a telemetry double), a key with an
/// escape, or nesting near the parser's limit makes it answer `false`, and the caller falls back
/// to parse-and-re-emit, which also says what is wrong.
struct PrettyRecognizer {
  /// Well inside `JSONParser`'s default limit, so an accepted text always parses.
  static let maximumDepth = 500

  /// An open container: its kind, its node (`-1` below the index), its last indexed child, and
  /// (for an object) the previous key, as a range of the input, for the order check. Offsets are
  /// 32-bit like the index's (a frame is 20 bytes).
  struct Frame {
    var close: UInt8
    var node: Int32
    var lastChild: Int32
    var previousKeyStart: Int32
    var previousKeyCount: Int32
  }

  let bytes: UnsafeBufferPointer<UInt8>
  let output: UnsafeMutablePointer<UInt8>
  let indexDepth: Int
  var written = 0
  var nodes: [PrettyIndexNode] = []

  /// `output` must have room for `bytes.count` bytes (compact text is never longer).
  init(_ bytes: UnsafeBufferPointer<UInt8>, output: UnsafeMutablePointer<UInt8>, indexDepth: Int) {
    self.bytes = bytes
    self.output = output
    self.indexDepth = indexDepth
  }

  /// The whole document: one value and exactly one trailing newline.
  mutating func document() -> Bool {
    guard let base = bytes.baseAddress, !bytes.isEmpty, bytes.count < Int(Int32.max) else { return false }
    let frames = UnsafeMutablePointer<Frame>.allocate(capacity: Self.maximumDepth)
    // The index grows in a buffer of its own (no copy-on-write check per node), copied out once.
    var capacity = indexDepth <= 0 ? 1 : bytes.count / 24 + 4
    var index = UnsafeMutablePointer<PrettyIndexNode>.allocate(capacity: capacity)
    var count = 0
    defer {
      nodes = Array(UnsafeBufferPointer(start: index, count: count))
      index.deallocate()
      frames.deallocate()
    }
    let end = bytes.count
    let out = output
    var i = 0
    var w = 0
    /// The depth of the value about to be read (the number of open containers).
    var depth = 0
    /// The key of the value about to be read, as a range of the output packed in one word (start in
    /// the high half, end in the low half; `-1`: an element): one register fewer in this loop.
    var pendingKey = -1
    defer { written = w }

    valueLoop: while true {
      guard i < end else { return false }
      var node = -1
      if depth <= indexDepth {
        if count == capacity {
          capacity *= 2
          let grown = UnsafeMutablePointer<PrettyIndexNode>.allocate(capacity: capacity)
          grown.moveInitialize(from: index, count: count)
          index.deallocate()
          index = grown
        }
        node = count
        count &+= 1
        (index + node).initialize(
          to: PrettyIndexNode(
            keyStart: Int32(truncatingIfNeeded: pendingKey &>> 32), keyEnd: Int32(truncatingIfNeeded: pendingKey),
            compactStart: Int32(truncatingIfNeeded: w), compactEnd: Int32(truncatingIfNeeded: w), firstChild: -1,
            nextSibling: -1))
        if depth > 0 {
          let parent = depth &- 1
          let previous = Int(frames[parent].lastChild)
          if previous >= 0 {
            index[previous].nextSibling = Int32(truncatingIfNeeded: node)
          } else {
            index[Int(frames[parent].node)].firstChild = Int32(truncatingIfNeeded: node)
          }
          frames[parent].lastChild = Int32(truncatingIfNeeded: node)
        }
      }
      let byte = base[i]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard depth < Self.maximumDepth else { return false }
        // `}` and `]` are two code points after their openers.
        let close = byte &+ 2
        out[w] = byte
        w &+= 1
        i &+= 1
        if i < end, base[i] == close {
          out[w] = close
          w &+= 1
          i &+= 1
          break  // an empty container is complete
        }
        i = Self.afterNewline(base, i, end, spaces: (depth &+ 1) &<< 1)
        guard i >= 0 else { return false }
        frames[depth] = Frame(
          close: close, node: Int32(truncatingIfNeeded: node), lastChild: -1, previousKeyStart: -1, previousKeyCount: 0)
        depth &+= 1
        pendingKey = -1
        if close == UInt8(ascii: "}") {
          guard key(base, &i, &w, end, frame: &frames[depth - 1], pendingKey: &pendingKey) else {
            return false
          }
        }
        continue valueLoop
      case UInt8(ascii: "\""):
        guard Self.string(bytes, &i, out, &w, isKey: false) != nil else { return false }
      case UInt8(ascii: "t"):
        guard i &+ 4 <= end, Self.load32(base + i) == Self.trueWord else { return false }
        Self.copy(base + i, to: out + w, count: 4)
        i &+= 4
        w &+= 4
      case UInt8(ascii: "n"):
        guard i &+ 4 <= end, Self.load32(base + i) == Self.nullWord else { return false }
        Self.copy(base + i, to: out + w, count: 4)
        i &+= 4
        w &+= 4
      case UInt8(ascii: "f"):
        guard i &+ 5 <= end, Self.load32(base + i + 1) == Self.alseWord else { return false }
        Self.copy(base + i, to: out + w, count: 5)
        i &+= 5
        w &+= 5
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard Self.integer(base, &i, out, &w, end) else { return false }
      default:
        return false
      }
      // A value is complete (and, when it closed containers, so are they): record its end, then
      // take a separator, or close the container it ends.
      if node >= 0 { index[node].compactEnd = Int32(truncatingIfNeeded: w) }
      while true {
        guard depth > 0 else { return i + 1 == end && base[i] == 0x0A }
        let frame = depth &- 1
        guard i < end else { return false }
        if base[i] == UInt8(ascii: ",") {
          out[w] = UInt8(ascii: ",")
          w &+= 1
          i &+= 1
          i = Self.afterNewline(base, i, end, spaces: depth &<< 1)
          guard i >= 0 else { return false }
          if frames[frame].close == UInt8(ascii: "}") {
            guard key(base, &i, &w, end, frame: &frames[frame], pendingKey: &pendingKey) else {
              return false
            }
          }
          continue valueLoop
        }
        let close = frames[frame].close
        i = Self.afterNewline(base, i, end, spaces: frame &<< 1)
        guard i >= 0, i < end, base[i] == close else { return false }
        out[w] = close
        w &+= 1
        i &+= 1
        depth = frame
        let closed = Int(frames[frame].node)
        if closed >= 0 { index[closed].compactEnd = Int32(truncatingIfNeeded: w) }
      }
    }
  }

  /// An object member's key, `:` and the space after it, in key order after the previous one.
  @inline(__always)
  func key(
    _ base: UnsafePointer<UInt8>, _ i: inout Int, _ w: inout Int, _ end: Int, frame: inout Frame,
    pendingKey: inout Int
  ) -> Bool {
    guard i < end, base[i] == UInt8(ascii: "\"") else { return false }
    let start = w &+ 1
    guard let key = Self.string(bytes, &i, output, &w, isKey: true) else { return false }
    if frame.previousKeyStart >= 0,
      !Self.precedes(
        base + Int(frame.previousKeyStart), Int(frame.previousKeyCount), base + key.lowerBound, key.count)
    {
      return false
    }
    frame.previousKeyStart = Int32(truncatingIfNeeded: key.lowerBound)
    frame.previousKeyCount = Int32(truncatingIfNeeded: key.count)
    guard i &+ 1 < end, base[i] == UInt8(ascii: ":"), base[i + 1] == UInt8(ascii: " ") else { return false }
    output[w] = UInt8(ascii: ":")
    w &+= 1
    i &+= 2
    pendingKey = start &<< 32 | (start &+ key.count)
    return true
  }

  /// `true`, `null` and the `alse` of `false`, as four bytes load from memory on any byte order.
  static var trueWord: UInt32 { UInt32(littleEndian: 0x6575_7274) }
  static var nullWord: UInt32 { UInt32(littleEndian: 0x6C6C_756E) }
  static var alseWord: UInt32 { UInt32(littleEndian: 0x6573_6C61) }

  @inline(__always)
  static func load32(_ pointer: UnsafePointer<UInt8>) -> UInt32 {
    UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)
  }

  @inline(__always)
  static func copy(_ from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, count: Int) {
    for offset in 0..<count { to[offset] = from[offset] }
  }

  /// A string at its opening quote, escaped exactly as the writer escapes, copied to `out`; returns
  /// the content's range in the input. A key must have no escapes at all (its order is then a plain
  /// byte comparison).
  @inline(__always)
  static func string(
    _ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ out: UnsafeMutablePointer<UInt8>, _ w: inout Int,
    isKey: Bool
  ) -> Range<Int>? {
    let base = bytes.baseAddress.unsafelyUnwrapped
    let end = bytes.count
    out[w] = UInt8(ascii: "\"")
    w &+= 1
    i &+= 1
    let start = i
    var escaped = false
    while true {
      // Whole words, copied as they are read (the output never runs ahead of the input, so a
      // word always fits), up to the first byte that needs a look; byte by byte only in the last
      // eight bytes of the input.
      if i &+ 8 <= end {
        let raw = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        UnsafeMutableRawPointer(out + w).storeBytes(of: raw, as: UInt64.self)
        let special = PlainBytes.special(UInt64(littleEndian: raw))
        let plain = special == 0 ? 8 : special.trailingZeroBitCount >> 3
        i &+= plain
        w &+= plain
        if plain == 8 { continue }
      } else {
        while i < end, base[i] >= 0x20, base[i] < 0x80, base[i] != UInt8(ascii: "\""),
          base[i] != UInt8(ascii: "\\")
        {
          out[w] = base[i]
          w &+= 1
          i &+= 1
        }
      }
      guard i < end else { return nil }
      let byte = base[i]
      if byte == UInt8(ascii: "\"") {
        let content = start..<i
        if !escaped, content.count == 36, isUpperCaseUUID(content, in: bytes) { return nil }
        out[w] = byte
        w &+= 1
        i &+= 1
        return content
      }
      if byte == UInt8(ascii: "\\") {
        if isKey { return nil }
        escaped = true
        let from = i
        guard escape(bytes, at: &i) else { return nil }
        copy(base + from, to: out + w, count: i - from)
        w &+= i - from
        continue
      }
      if byte < 0x20 { return nil }
      guard case .valid(let length) = UTF8Scalar.check(bytes, at: i) else { return nil }
      copy(base + i, to: out + w, count: length)
      i &+= length
      w &+= length
    }
  }

  /// The writer escapes `"`, `\`, newline, return and tab by name and every other control character
  /// as `\u00xx` in lower-case hex; nothing else.
  static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Bool {
    guard index + 1 < bytes.count else { return false }
    switch bytes[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      index += 2
      return true
    case UInt8(ascii: "u"):
      guard index + 5 < bytes.count, bytes[index + 2] == UInt8(ascii: "0"), bytes[index + 3] == UInt8(ascii: "0"),
        let high = lowerHex(bytes[index + 4]), let low = lowerHex(bytes[index + 5])
      else { return false }
      let scalar = high << 4 | low
      guard scalar < 0x20, scalar != 0x0A, scalar != 0x0D, scalar != 0x09 else { return false }
      index += 6
      return true
    default:
      return false
    }
  }

  /// An integer as `String(Int64)` writes it: no `-0`, no leading zeros, in range, no fraction.
  @inline(__always)
  static func integer(
    _ base: UnsafePointer<UInt8>, _ i: inout Int, _ out: UnsafeMutablePointer<UInt8>, _ w: inout Int, _ end: Int
  ) -> Bool {
    var negative = false
    if base[i] == UInt8(ascii: "-") {
      negative = true
      out[w] = base[i]
      w &+= 1
      i &+= 1
    }
    let digitsStart = i
    var magnitude: UInt64 = 0
    while i < end, base[i] &- UInt8(ascii: "0") < 10 {
      let (times10, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflowB) = times10.addingReportingOverflow(UInt64(base[i] &- UInt8(ascii: "0")))
      if overflowA || overflowB { return false }
      magnitude = sum
      out[w] = base[i]
      w &+= 1
      i &+= 1
    }
    let digits = i - digitsStart
    guard digits > 0 else { return false }
    if base[digitsStart] == UInt8(ascii: "0"), digits > 1 || negative { return false }
    if i < end, base[i] == UInt8(ascii: ".") || base[i] == UInt8(ascii: "e") || base[i] == UInt8(ascii: "E") {
      return false
    }
    return negative ? magnitude <= UInt64(Int64.max) + 1 : magnitude <= UInt64(Int64.max)
  }

  /// A newline followed by exactly `spaces` spaces (an even number: two per level), and then not
  /// one more space (layout gone wrong). Layout: nothing is written. The run is checked with at most
  /// two overlapping loads of the widest size it fills (a word loop only past sixteen spaces).
  /// Returns the position after the run, or -1. Not inlined: inlined, its bounds arithmetic was
  /// hoisted to the top of the value loop and paid for every value.
  @inline(never)
  static func afterNewline(_ base: UnsafePointer<UInt8>, _ i: Int, _ end: Int, spaces: Int) -> Int {
    let at = i &+ 1
    let stop = at &+ spaces
    // `stop <= end` also puts the newline itself inside the input.
    guard stop <= end, base[i] == 0x0A else { return -1 }
    let raw = UnsafeRawPointer(base)
    if spaces >= 8 {
      var from = at
      while from &+ 8 < stop {
        guard raw.loadUnaligned(fromByteOffset: from, as: UInt64.self) == 0x2020_2020_2020_2020 else { return -1 }
        from &+= 8
      }
      guard raw.loadUnaligned(fromByteOffset: stop &- 8, as: UInt64.self) == 0x2020_2020_2020_2020 else { return -1 }
    } else if spaces >= 4 {
      guard raw.loadUnaligned(fromByteOffset: at, as: UInt32.self) == 0x2020_2020,
        raw.loadUnaligned(fromByteOffset: stop &- 4, as: UInt32.self) == 0x2020_2020
      else { return -1 }
    } else if spaces >= 2 {
      guard raw.loadUnaligned(fromByteOffset: at, as: UInt16.self) == 0x2020,
        raw.loadUnaligned(fromByteOffset: stop &- 2, as: UInt16.self) == 0x2020
      else { return -1 }
    } else if spaces == 1 {
      guard base[at] == UInt8(ascii: " ") else { return -1 }
    }
    guard stop == end || base[stop] != UInt8(ascii: " ") else { return -1 }
    return stop
  }

  /// Strict canonical key order on raw (escape-free) key bytes.
  @inline(__always)
  static func precedes(_ left: UnsafePointer<UInt8>, _ leftCount: Int, _ right: UnsafePointer<UInt8>, _ rightCount: Int)
    -> Bool
  {
    let shared = min(leftCount, rightCount)
    var offset = 0
    // Eight bytes at a time read as big-endian words order like their bytes.
    while offset &+ 8 <= shared {
      let a = UInt64(bigEndian: UnsafeRawPointer(left + offset).loadUnaligned(as: UInt64.self))
      let b = UInt64(bigEndian: UnsafeRawPointer(right + offset).loadUnaligned(as: UInt64.self))
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

  /// UUID-shaped with an upper-case hex digit: the writer would have lower-cased it.
  static func isUpperCaseUUID(_ content: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var sawUpper = false
    for (position, offset) in content.enumerated() {
      let byte = bytes[offset]
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
