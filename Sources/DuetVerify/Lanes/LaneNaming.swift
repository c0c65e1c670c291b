/// The one presentation rule of lanes: with one lane, don't name it.
///
/// A run with one runner reads exactly as a run always did (no `[swift]` tag, no `--lane` in a
/// `next:` command, no `lanes/` report folder, the one-runner JSON and JUnit shapes); a run with
/// several names the lane wherever a result or a failure is shown, so each line can be acted on
/// alone. Every reporter asks this type, never the lane count itself.
struct LaneNaming: Equatable, Sendable {
  /// True when the run has several lanes, so each must be named.
  var namesLanes: Bool

  init(laneCount: Int) { namesLanes = laneCount > 1 }

  /// The name to show for `platform`'s results (`[kotlin] …`, `lanes/kotlin/`), or nil when the
  /// run has one lane.
  func tag(_ platform: String) -> String? { namesLanes ? platform : nil }

  /// `failure` on lane `platform` as a report states it: `kotlin lane: …` when lanes are named.
  func runnerFailure(_ failure: RunnerFailure, on platform: String) -> String {
    namesLanes ? "\(platform) lane: " + failure.description : failure.description
  }

  /// The arguments that reproduce lane `platform` alone: the run's, with `--lane` added when lanes
  /// are named (and the run did not pick one already), so a `next:` command built from them
  /// replays on the same runner.
  func arguments(_ arguments: ParsedArguments, reproducing platform: String) -> ParsedArguments {
    guard namesLanes, !arguments.given(.lane) else { return arguments }
    var reproducing = arguments
    reproducing.values[.lane] = [platform]
    return reproducing
  }
}
