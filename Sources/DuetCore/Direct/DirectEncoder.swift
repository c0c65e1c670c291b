/// The `Encoder` a value's `encode(to:)` sees in the direct writer (``DirectWriter``): one per
/// value depth, reused from value to value.
///
/// It hands out one root container, as the tree encoder does (asking again for a keyed container
/// gives the same one); anything the writer does not cover marks a miss.
final class DirectEncoder: Encoder {
  let writer: DirectWriter
  let depth: Int
  /// True when the value is a ``CanonicalSumCodable``: its keyed container writes the envelope.
  @exclusivity(unchecked) private(set) var isSum = false
  /// The root container's frame, once asked for.
  @exclusivity(unchecked) private var root: Int?
  @exclusivity(unchecked) private var rootIsKeyed = false
  @exclusivity(unchecked) private(set) var wroteSomething = false
  /// True once the value's `encode(to:)` has returned: later use is a miss.
  @exclusivity(unchecked) var isSpent = false

  init(writer: DirectWriter, depth: Int) {
    self.writer = writer
    self.depth = depth
  }

  func begin(isSum: Bool) {
    self.isSum = isSum
    root = nil
    rootIsKeyed = false
    wroteSomething = false
    isSpent = false
  }

  /// Reading the path is what an error would do; the tree encoder gives it, with the message.
  var codingPath: [any CodingKey] {
    writer.missed = true
    return []
  }

  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// True when this encoder's value is the one being written and it has not written yet.
  private var isActive: Bool { !isSpent && writer.activeDepth == depth }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    writer.keyedContainer(Key.self, frame: rootFrame(keyed: true), depth: depth)
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    DirectUnkeyedContainer(writer: writer, frame: rootFrame(keyed: false), depth: depth)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    DirectValueContainer(encoder: self)
  }

  /// The root container's frame: opened on first use, the same one after (a second container of
  /// another kind is a miss; frame 0 is never open).
  private func rootFrame(keyed: Bool) -> Int {
    guard isActive, root == nil || rootIsKeyed == keyed, root != nil || !wroteSomething else {
      writer.missed = true
      return 0
    }
    if let root { return root }
    let frame = writer.open(keyed ? (isSum ? .sumOuter : .object) : .array)
    if isSum && !keyed { writer.missed = true }
    root = frame
    rootIsKeyed = keyed
    wroteSomething = true
    return frame
  }

  /// Claims the value's one single value; a second one, or one after a container, is a miss.
  func claimSingleValue() throws {
    guard isActive, !wroteSomething, !isSum else {
      throw writer.miss()
    }
    wroteSomething = true
  }
}
