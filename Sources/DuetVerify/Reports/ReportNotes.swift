import DuetCore
import DuetPlatform

/// Sentences about what report writing replaced or refused (a link removed from `.runs/`), kept
/// for the end of the run, when the verb prints them.
final class ReportNotes: @unchecked Sendable {
  private let lock = SystemLock()
  private var notes: [String] = []

  /// Records `note` once.
  func add(_ note: String) {
    lock.withLock { if !notes.contains(note) { notes.append(note) } }
  }

  /// Every note so far, in order.
  var all: [String] { lock.withLock { notes } }
}
