import DuetRunner

/// A runner that failed a lane as a whole (it did not start, or its reply stream fell out of
/// step), kept as the typed value until a reporter renders it.
///
/// Every retired slot of a pool reports its own start failure, so the same failure arrives once
/// per slot: ``distinct(starting:streams:)`` is the one place they are collapsed.
enum RunnerFailure: Equatable, Sendable, CustomStringConvertible {
  /// No runner process of the lane could be started (or each one died at once).
  case didNotStart(RunnerStartError)
  /// A runner's replies were out of step with its requests when it closed: its results cannot be
  /// trusted.
  case streamBroken(RunnerStreamError)

  /// The sentence a report prints.
  var description: String {
    switch self {
    case .didNotStart(let error): return error.description
    case .streamBroken(let error): return error.description
    }
  }

  /// Each failure once, start failures first, each kind in the order seen.
  static func distinct(starting: [RunnerStartError], streams: [RunnerStreamError]) -> [RunnerFailure] {
    var failures: [RunnerFailure] = []
    for failure in starting.map(Self.didNotStart) + streams.map(Self.streamBroken) where !failures.contains(failure) {
      failures.append(failure)
    }
    return failures
  }
}
