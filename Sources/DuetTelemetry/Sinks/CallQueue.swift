/// A queued sink's waiting calls, oldest first, each with the sequence number it was accepted
/// under, so a flush can tell the calls made before it from those made after.
///
/// A plain array with a moving head: taking the oldest is O(1) and the storage is compacted once
/// the taken part outgrows the rest. Consecutive consent calls collapse into the last (keeping the
/// first one's place), and an opt-out empties it.
struct CallQueue {
  struct Entry {
    var call: SinkCall
    let sequence: Int
  }

  private var storage: [Entry] = []
  private var head = 0
  /// How many waiting entries are events (`track`, `identify`, `reset`).
  private(set) var eventCount = 0

  var count: Int { storage.count - head }
  var isEmpty: Bool { head == storage.count }

  /// Appends an event.
  mutating func appendEvent(_ call: SinkCall, sequence: Int) {
    storage.append(Entry(call: call, sequence: sequence))
    eventCount += 1
  }

  /// Appends a consent call, or replaces the consent call waiting last; `true` when it replaced one.
  mutating func appendConsent(_ call: SinkCall, sequence: Int) -> Bool {
    if !isEmpty, case .setEnabled = storage[storage.count - 1].call {
      storage[storage.count - 1].call = call
      return true
    }
    storage.append(Entry(call: call, sequence: sequence))
    return false
  }

  /// Empties the queue for an opt-out and returns how many events it held: the events are purged,
  /// and the consent calls waiting between them are superseded by the opt-out about to be queued.
  mutating func purgeForOptOut() -> Int {
    let purged = eventCount
    storage.removeAll(keepingCapacity: true)
    head = 0
    eventCount = 0
    return purged
  }

  /// Takes the oldest entry.
  mutating func popFirst() -> Entry? {
    guard !isEmpty else { return nil }
    let entry = storage[head]
    head += 1
    if entry.call.isGatedByConsent { eventCount -= 1 }
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 4096, head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return entry
  }

  /// The oldest waiting sequence number, if any.
  var firstSequence: Int? { isEmpty ? nil : storage[head].sequence }

  /// How many waiting entries were accepted before `sequence` (they are in sequence order).
  func count(before sequence: Int) -> Int {
    var low = head
    var high = storage.count
    while low < high {
      let middle = (low + high) / 2
      if storage[middle].sequence < sequence { low = middle + 1 } else { high = middle }
    }
    return low - head
  }
}
