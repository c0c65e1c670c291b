/// One member of an object the direct writer is writing: where its `"key":value` bytes start and
/// its key's canonical sort key. The key's bytes are the writer's own, just after the quote (a
/// key that needs an escape or a case fold is a miss, so they are the key's UTF-8 bytes).
struct DirectMember {
  /// The key's first eight UTF-8 bytes packed big-endian: most comparisons are one integer's.
  let prefix: UInt64
  /// The key's length in UTF-8 bytes.
  let length: Int
  /// The position of the key's opening quote in the writer's bytes.
  let start: Int

  /// `_0`, packed as a prefix: the name Swift gives a case's one unlabelled payload.
  static let unlabelledPrefix = UInt64(UInt8(ascii: "_")) << 56 | UInt64(UInt8(ascii: "0")) << 48

  /// True when the key starts with `_` (Swift's unlabelled payloads are `_0`, `_1`, …).
  var startsWithUnderscore: Bool { length > 0 && prefix >> 56 == UInt64(UInt8(ascii: "_")) }

  /// True when the key is `_0`.
  var isFirstUnlabelled: Bool { length == 2 && prefix == Self.unlabelledPrefix }
}
