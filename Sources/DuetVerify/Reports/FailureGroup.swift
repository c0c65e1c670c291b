/// Failed recordings that failed alike, reported as one block: one constant changed in a reducer
/// should read as one failure, not five near-identical blocks.
///
/// Two failures are alike when they are divergences (state diverged, effects diverged, seam
/// broken) of the same kind, at the same first divergent path, with the same expected and the same
/// actual fragment. Step, label, action and context lines may differ. Failures that are not
/// divergences (runner faults, unreadable recordings, features not served) each keep their own
/// block: their sentences are about one recording. Only the terminal report collapses; JSON,
/// JUnit, annotations and `.runs/` stay one entry per recording.
struct FailureGroup: Equatable, Sendable {
  /// The recording whose block is shown (the first of the group in run order).
  var shown: FixtureResult
  /// The other recordings that failed alike, in run order.
  var alike: [FixtureResult]

  /// What makes two failures alike.
  struct Likeness: Hashable {
    var reason: FixtureFailure.Reason
    var path: String
    var expected: String
    var actual: String

    init?(_ failure: FixtureFailure?) {
      guard let failure, let divergence = failure.divergence,
        [.stateDiverged, .effectsDiverged, .seamBroken].contains(failure.reason)
      else { return nil }
      reason = failure.reason
      path = divergence.path
      expected = divergence.expected
      actual = divergence.actual
    }
  }

  /// The failed results gathered, in the order of each group's first member; passed results are
  /// skipped.
  static func groups(of results: [FixtureResult]) -> [FailureGroup] {
    var groups: [FailureGroup] = []
    var index: [Likeness: Int] = [:]
    for result in results where result.failure != nil {
      guard let likeness = Likeness(result.failure) else {
        groups.append(FailureGroup(shown: result, alike: []))
        continue
      }
      if let existing = index[likeness] {
        groups[existing].alike.append(result)
      } else {
        index[likeness] = groups.count
        groups.append(FailureGroup(shown: result, alike: []))
      }
    }
    return groups
  }

  /// Most recordings named on the `and N more recordings` line before the rest are only counted.
  static let namedLimit = 8

  /// `and 4 more recordings: a#1, b#1, c#2, d#1` (nil when the group has one member).
  var alikeLine: String? {
    guard !alike.isEmpty else { return nil }
    let names = alike.prefix(Self.namedLimit).map { result in
      result.name + (result.failure?.step.map { "#\($0)" } ?? "")
    }
    let rest = alike.count - names.count
    return "and \(alike.count) more \(alike.count == 1 ? "recording" : "recordings") failed alike: "
      + names.joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : "")
  }
}
