/// What an interrupt (SIGINT, SIGTERM) means at each point of a command that writes files.
///
/// A command works (nothing written yet: an interrupt stops it at once, losing nothing), then
/// writes in one final phase (an interrupt is held until every file is in place, so the folder is
/// never left half old, half new, nor littered with temporary files), then ends.
struct InterruptState: Equatable, Sendable {
  enum Phase: Equatable, Sendable {
    /// Nothing has been written: stopping now loses nothing.
    case working
    /// Files are being written; `held` is the first signal that arrived meanwhile.
    case writing(held: Int32?)
    /// Stopped by `signal`.
    case stopped(Int32)
  }

  /// What to do with a signal that just arrived.
  enum Decision: Equatable, Sendable {
    /// End the command now (its children too), exiting 128 + signal.
    case stopNow(Int32)
    /// Let the writes finish; the signal is acted on when they have.
    case hold
    /// Already stopping: nothing more to do.
    case ignore
  }

  private(set) var phase: Phase = .working

  /// The decision for `signal`, arriving now.
  mutating func receive(_ signal: Int32) -> Decision {
    switch phase {
    case .working:
      phase = .stopped(signal)
      return .stopNow(signal)
    case .writing(let held):
      phase = .writing(held: held ?? signal)
      return .hold
    case .stopped:
      return .ignore
    }
  }

  /// Enters the writing phase; false when the command was already stopped (write nothing).
  mutating func beginWriting() -> Bool {
    switch phase {
    case .working:
      phase = .writing(held: nil)
      return true
    case .writing: return true
    case .stopped: return false
    }
  }

  /// Leaves the writing phase; the signal held meanwhile, which now stops the command.
  mutating func finishWriting() -> Int32? {
    guard case .writing(let held) = phase else { return nil }
    if let held {
      phase = .stopped(held)
      return held
    }
    phase = .working
    return nil
  }
}
