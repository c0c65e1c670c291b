import DuetPlatform

/// The writers not in use, behind a lock.
final class WriterShelf: @unchecked Sendable {
  static let shared = WriterShelf()
  static let capacity = 4
  private let lock = SystemLock()
  private var idle: [DirectWriter] = []

  func take() -> DirectWriter {
    lock.lock()
    let writer = idle.popLast()
    lock.unlock()
    return writer ?? DirectWriter()
  }

  /// Keeps `writer` for the next encoding; past `capacity` it is let go (its encoders and pooled
  /// containers, which hold it, with it).
  func put(_ writer: DirectWriter) {
    lock.lock()
    if idle.count < Self.capacity {
      idle.append(writer)
      lock.unlock()
      return
    }
    lock.unlock()
    writer.encoders.removeAll()
    writer.poolTypes.removeAll()
    writer.poolFree.removeAll()
    writer.cells.removeAll()
  }
}
