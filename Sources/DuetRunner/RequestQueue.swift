import DuetPlatform

/// Request lines waiting to be written to a runner, in one buffer that keeps its size between
/// batches: a `reduce` request is built by copying its five pieces into place (`memcpy`), where
/// `Array.append(contentsOf:)` cost about 160 instructions a piece (docs/performance.md).
struct RequestQueue {
  /// Bytes `0..<count` are queued; the rest is room, kept from earlier batches.
  private var storage: [UInt8] = []
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  /// Queues `{"action":…,"feature":…,"op":"reduce","state":…}` and a newline, the texts spliced
  /// verbatim (compact canonical already), keys in canonical order; `middle` is the feature's part
  /// between the action and the state (`reduceMiddle(quotedFeature:)`, made once per feature).
  /// False, with nothing queued, when the texts hold a line break or a carriage return: every
  /// request is one line.
  mutating func appendReduce(middle: [UInt8], state: ArraySlice<UInt8>, action: ArraySlice<UInt8>) -> Bool {
    action.withUnsafeBytes { action in
      state.withUnsafeBytes { state in
        middle.withUnsafeBytes { middle in
          let head = Self.actionKey
          let end = Self.end
          let total = head.count + action.count + middle.count + state.count + end.count
          return appendLine(count: total) { at in
            var at = at
            for piece in [head, action, middle, state, end] {
              if let base = piece.baseAddress { at.copyMemory(from: base, byteCount: piece.count) }
              at += piece.count
            }
          }
        }
      }
    }
  }

  /// `,"feature":<quotedFeature>,"op":"reduce","state":`: what a feature's `reduce` requests hold
  /// between their action and their state.
  static func reduceMiddle(quotedFeature: String) -> [UInt8] {
    Array(#","feature":"#.utf8) + Array(quotedFeature.utf8) + Array(#","op":"reduce","state":"#.utf8)
  }

  /// Queues `line`, which the caller checked is one line.
  mutating func append(line: [UInt8]) {
    _ = line.withUnsafeBytes { line in
      appendLine(count: line.count) { at in
        if let base = line.baseAddress { at.copyMemory(from: base, byteCount: line.count) }
      }
    }
  }

  /// Forgets the queued bytes (keeping up to a megabyte of room for the next batch).
  mutating func removeAll() {
    count = 0
    if storage.count > 1 << 20 { storage = [] }
  }

  /// The queued bytes from `offset` on.
  func withUnsafeBytes<Result>(from offset: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[offset..<count])) }
  }

  /// Writes `total` bytes in place with `write`, and keeps them when they are exactly one line
  /// (false, nothing queued, otherwise).
  private mutating func appendLine(count total: Int, _ write: (UnsafeMutableRawPointer) -> Void) -> Bool {
    if storage.count - count < total {
      storage.append(contentsOf: repeatElement(0, count: max(total, storage.count)))
    }
    let start = count
    let isOneLine = storage.withUnsafeMutableBytes { room -> Bool in
      guard let base = room.baseAddress, total > 0 else { return false }
      let line = base + start
      write(line)
      return line.load(fromByteOffset: total - 1, as: UInt8.self) == 0x0A && memchr(line, 0x0A, total - 1) == nil
        && memchr(line, 0x0D, total) == nil
    }
    if isOneLine { count += total }
    return isOneLine
  }

  private static var actionKey: UnsafeRawBufferPointer { UnsafeRawBufferPointer(staticBytes: #"{"action":"#) }
  private static var end: UnsafeRawBufferPointer { UnsafeRawBufferPointer(staticBytes: "}\n") }
}

extension UnsafeRawBufferPointer {
  /// The bytes of a string literal (static storage, valid for the whole run).
  init(staticBytes text: StaticString) {
    self.init(start: text.utf8Start, count: text.utf8CodeUnitCount)
  }
}
