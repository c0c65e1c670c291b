import DuetCore
import DuetPlatform

/// Recordings already looked at in the fixtures folder, with their sizes when they were plain files:
/// `verify` looks at every file once to dispatch the biggest first, and reading one then goes
/// straight to `openat` (which still follows no link). Each note is used once.
///
/// The looks are kept in the order they were made, and a reader says where it expects its look:
/// the dispatch order looks at the listed recordings in manifest order, so a recording read at
/// manifest position `p` finds its look at place `p` by one name comparison. Only a look asked
/// for elsewhere (a subset of the listing, a shard's own order) indexes the looks by name, once:
/// hashing a name to note it and again to take it cost more than the read's other bookkeeping.
final class SeenFiles: @unchecked Sendable {
  private let lock = SystemLock()
  /// Every look, in order: the name, and the size of a plain file (`nil` for anything else, or
  /// once taken).
  private var looks: [(name: String, size: Int?)] = []
  /// The place of each name's latest look, made at the first look asked for away from its place.
  private var places: [String: Int]?

  /// Notes a look at `name`: a plain file of `size` bytes, or (`nil`) anything else, which keeps
  /// the later looks at their places.
  func note(_ name: String, size: Int?) {
    lock.withLock {
      looks.append((name, size))
      places?[name] = looks.count - 1
    }
  }

  /// The size noted for `name`, forgotten as it is taken; `place` is where its look is expected.
  func take(_ name: String, expectedAt place: Int? = nil) -> Int? {
    lock.withLock {
      guard !looks.isEmpty else { return nil }
      let index: Int
      if let place, place < looks.count, looks[place].name == name {
        index = place
      } else {
        if places == nil {
          places = Dictionary(looks.indices.map { (looks[$0].name, $0) }, uniquingKeysWith: { $1 })
        }
        guard let found = places?[name] else { return nil }
        index = found
      }
      defer { looks[index].size = nil }
      return looks[index].size
    }
  }
}
