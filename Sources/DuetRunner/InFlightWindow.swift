/// A slot's requests in flight, oldest first: a ring of fixed capacity (the pipelining depth).
///
/// The protocol answers in order, so the slot only ever appends at the back and takes from the
/// front. A ring does both without moving the other entries (an array's `removeFirst` shifted the
/// whole window on every reply, docs/performance.md).
struct InFlightWindow {
  /// A job with a request in flight.
  struct Entry {
    let job: any RunnerJob
    /// When its clock started (written, or the reply before it read); 0 while queued unwritten.
    var sentAt: UInt64 = 0
    var bytes = 0
    /// The request in flight is another op's (its reply is read as a line, up to the bulk cap).
    var asksOp = false
  }

  private var slots: [Entry?]
  private var head = 0
  private(set) var count = 0

  init(capacity: Int) {
    slots = Array(repeating: nil, count: max(1, capacity))
  }

  var isEmpty: Bool { count == 0 }
  var isFull: Bool { count == slots.count }

  /// The oldest entry (the window must not be empty).
  var first: Entry { slots[head]! }

  /// Adds `entry` as the newest (the window must not be full).
  mutating func append(_ entry: Entry) {
    slots[position(count)] = entry
    count += 1
  }

  /// Takes the oldest entry out, if any.
  mutating func popFirst() -> Entry? {
    guard count > 0 else { return nil }
    let entry = slots[head].take()
    head = position(1)
    count -= 1
    return entry
  }

  /// Stamps the newest `newest` entries as started at `now`.
  mutating func stamp(newest: Int, at now: UInt64) {
    // Through the buffer: the array's subscript accessor was a call per entry.
    let (head, count) = (self.head, self.count)
    slots.withUnsafeMutableBufferPointer { slots in
      for offset in (count - newest)..<count {
        slots[Self.position(offset, after: head, in: slots.count)]?.sentAt = now
      }
    }
  }

  /// Every entry's job, oldest first, leaving the window empty.
  mutating func drain() -> [any RunnerJob] {
    var jobs: [any RunnerJob] = []
    jobs.reserveCapacity(count)
    while let entry = popFirst() { jobs.append(entry.job) }
    head = 0
    return jobs
  }

  /// The ring index `offset` places after the oldest entry.
  private func position(_ offset: Int) -> Int {
    Self.position(offset, after: head, in: slots.count)
  }

  /// The ring index `offset` places after `head` in a ring of `capacity`.
  private static func position(_ offset: Int, after head: Int, in capacity: Int) -> Int {
    let index = head + offset
    return index < capacity ? index : index - capacity
  }
}
