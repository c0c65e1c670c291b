/// One value of a ``CompactDocument``: where its bytes are, its key when it is an object's member,
/// and where the next value at its level starts, so a container walks its children without
/// reading their bytes.
struct CompactNode {
  enum Kind: UInt8 {
    case object, array, string, integer, `true`, `false`, null
  }

  let kind: Kind
  /// The value's first byte (a string's opening quote).
  let start: Int32
  /// One past the value's last byte.
  var end: Int32 = 0
  /// The member's key, without its quotes (empty outside an object).
  let keyStart: Int32
  let keyEnd: Int32
  /// The index of the node after this value and everything inside it.
  var next: Int32 = 0
  /// How many values a container holds.
  var count: Int32 = 0
  /// An integer's value.
  var integer: Int64 = 0

  init(kind: Kind, start: Int32, keyStart: Int32, keyEnd: Int32) {
    self.kind = kind
    self.start = start
    self.keyStart = keyStart
    self.keyEnd = keyEnd
  }
}
