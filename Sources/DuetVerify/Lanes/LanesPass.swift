import Dispatch
import DuetRunner
import Foundation

/// `verify` over several lanes: the one per-runner pass (``CorpusPass``) runs once per lane, all
/// lanes at the same time, each in its own pipelined pool, over the same loaded manifest and
/// fixture store; their results are combined into one ``RunResult`` whose `lanes` reporters render.
///
/// Lint and the taxonomy gate look at the recordings, not at a runner: the first lane's findings
/// (and taxonomy, for the HTML page) are the run's.
struct LanesPass {
  var corpus: Corpus
  var lanes: [Lane]

  /// Runs every lane; `onResult` sees each full result with its lane as it completes, and `keep`
  /// decides what of it stays in memory for the final report.
  func run(
    selected: [ListedFixture], shard: Shard?,
    onResult: @escaping @Sendable (String, FixtureResult) -> Void,
    keep: @escaping @Sendable (FixtureResult) -> FixtureResult
  ) -> (run: RunResult, taxonomy: TaxonomyReport) {
    let started = DispatchTime.now().uptimeNanoseconds
    let outcomes = LaneOutcomes(count: lanes.count)
    let group = DispatchGroup()
    for (index, lane) in lanes.enumerated() {
      let pass = CorpusPass(
        corpus: corpus, pool: lane.pool, depth: CorpusPass.defaultPipelineDepth, timeout: lane.timeout)
      let platform = lane.platform
      group.enter()
      // A thread per lane: each pass blocks until its pool is done, and lanes must not wait in line.
      Thread {
        outcomes.set(index, pass.run(selected: selected, onResult: { onResult(platform, $0) }, keep: keep))
        group.leave()
      }.start()
    }
    group.wait()
    let passes = outcomes.all()
    var results: [LaneResult] = []
    for (lane, pass) in zip(lanes, passes) {
      var failures: [String] = []
      for failure in pass.startFailures.map(\.description) + pass.streamFailures.map(\.description)
      where !failures.contains(failure) {
        failures.append(failure)
      }
      results.append(
        LaneResult(
          platform: lane.platform, fixtures: pass.results, runnerFailures: failures, runners: pass.runners,
          runner: lane.identity))
    }
    let first = passes[0]
    var run = RunResult(
      fixtures: results.flatMap(\.fixtures), lintProblems: first.lint.problems, taxonomyFindings: first.findings,
      runnerFailures: results.flatMap { lane in lane.runnerFailures.map { "\(lane.platform) lane: " + $0 } },
      runners: results.reduce(0) { $0 + $1.runners },
      durationMillis: Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000), shard: shard)
    run.lanes = results
    return (run, first.taxonomy)
  }
}

/// Each lane's pass outcome, set from its own thread.
final class LaneOutcomes: @unchecked Sendable {
  private let lock = NSLock()
  private var outcomes: [CorpusPass.Outcome?]

  init(count: Int) { outcomes = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ outcome: CorpusPass.Outcome) { lock.withLock { outcomes[index] = outcome } }

  func all() -> [CorpusPass.Outcome] { lock.withLock { outcomes.compactMap { $0 } } }
}
