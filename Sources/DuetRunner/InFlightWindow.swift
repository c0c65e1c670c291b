/// A slot's requests in flight, oldest first: a ring of fixed capacity (the pipelining depth).
///
/// The protocol answers in order, so the slot only ever appends at the back and takes from the
/// front. A ring does both without moving the other entries (an array's `removeFirst` shifted the
/// whole window on every reply, docs/performance.md). Its entries live in memory the ring owns
/// (so it is not copyable): moving an entry in and out is a plain store and load, where an array
/// of optional entries checked its uniqueness, its bounds and the optional's case on each.
struct InFlightWindow: ~Copyable {
  /// A job with a request in flight.
  struct Entry {
    let job: any RunnerJob
    /// When its clock started (written, or the reply before it read); 0 while queued unwritten.
    var sentAt: UInt64 = 0
    var bytes = 0
    /// The request in flight is another op's (its reply is read as a line, up to the bulk cap).
    var asksOp = false
  }

  /// `capacity` places, of which the `count` from `head` on (wrapping round) hold entries.
  private let slots: UnsafeMutablePointer<Entry>
  private let capacity: Int
  private var head = 0
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(1, capacity)
    slots = .allocate(capacity: self.capacity)
  }

  deinit {
    for offset in 0..<count {
      (slots + Self.position(offset, after: head, in: capacity)).deinitialize(count: 1)
    }
    slots.deallocate()
  }

  var isEmpty: Bool { count == 0 }
  var isFull: Bool { count == capacity }

  /// The oldest entry (the window must not be empty).
  var first: Entry { slots[head] }

  /// Adds `entry` as the newest (the window must not be full).
  mutating func append(_ entry: consuming Entry) {
    (slots + position(count)).initialize(to: entry)
    count += 1
  }

  /// Takes the oldest entry out, if any.
  mutating func popFirst() -> Entry? {
    guard count > 0 else { return nil }
    let entry = (slots + head).move()
    head = position(1)
    count -= 1
    return entry
  }

  /// Stamps the newest `newest` entries as started at `now`.
  mutating func stamp(newest: Int, at now: UInt64) {
    for offset in (count - newest)..<count {
      slots[position(offset)].sentAt = now
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
    Self.position(offset, after: head, in: capacity)
  }

  /// The ring index `offset` places after `head` in a ring of `capacity`.
  private static func position(_ offset: Int, after head: Int, in capacity: Int) -> Int {
    let index = head + offset
    return index < capacity ? index : index - capacity
  }
}
