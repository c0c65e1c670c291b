import Dispatch
import DuetCore
import DuetPlatform
import DuetRunner

/// The one driver of a replay: the per-runner pass (``CorpusPass``) runs once per lane, all lanes
/// at the same time, each in its own pipelined pool, over the same loaded manifest and fixture
/// store; their results are one ``RunResult`` of lanes. A run with one runner is one lane.
///
/// Lint and the taxonomy gate look at the recordings, not at a runner: the run makes one
/// ``CorpusScan``, fed by the first lane's pass and finished here once every lane is done.
struct LanesPass {
  var corpus: Corpus
  var lanes: [Lane]
  /// End the run at its first failing recording, on whichever lane (``PassStop``): a mutation
  /// drill needs only the first recording that notices a mutant. The results then hold the
  /// recordings that finished, not every selected one.
  var stopAtFirstFailure = false
  /// Whether a passed recording's result lists its steps; false when `keep` slims passed results
  /// anyway, so a passed step's result and label are never made (``CorpusPass/listsPassedSteps``).
  var listsPassedSteps = true

  /// Runs every lane; `onResult` sees each full result as it completes (a passed one without its
  /// steps unless `listsPassedSteps`), with its lane's name when the run names lanes
  /// (``LaneNaming``), and `keep` decides what of it stays in memory for the final report.
  func run(
    selected: [ListedFixture], arguments: ParsedArguments,
    onResult: @escaping @Sendable (_ lane: String?, FixtureResult) -> Void,
    keep: @escaping @Sendable (inout FixtureResult) -> Void
  ) -> (run: RunResult, taxonomy: TaxonomyReport) {
    let started = DispatchTime.now().uptimeNanoseconds
    let naming = LaneNaming(laneCount: lanes.count)
    let passes = CorpusPass.Outcomes(count: lanes.count)
    let scan = CorpusScan(corpus: corpus)
    let group = DispatchGroup()
    let stop = stopAtFirstFailure ? PassStop() : nil
    for (index, lane) in lanes.enumerated() {
      let pass = CorpusPass(
        corpus: corpus, scan: scan, lints: index == 0, pool: lane.pool, depth: CorpusPass.defaultPipelineDepth,
        timeout: lane.timeout, stop: stop, listsPassedSteps: listsPassedSteps)
      let tag = lane.platform.flatMap(naming.tag)
      let replay: @Sendable () -> Void = {
        passes.set(index, pass.run(selected: selected, onResult: { onResult(tag, $0) }, keep: keep))
      }
      guard lanes.count > 1 else {
        replay()
        continue
      }
      group.enter()
      // A thread per lane: each pass blocks until its pool is done, and lanes must not wait in line.
      SystemThread.start(name: "lane") {
        replay()
        group.leave()
      }
    }
    group.wait()
    let outcomes = passes.all()
    let results = zip(lanes, outcomes).map { lane, pass in
      LaneResult(
        platform: lane.name, fixtures: pass.results,
        runnerFailures: RunnerFailure.distinct(starting: pass.startFailures, streams: pass.streamFailures),
        runners: pass.runners, runner: lane.identity)
    }
    let scanned = scan.finish()
    let run = RunResult(
      lanes: results, lintProblems: scanned.lint.problems, taxonomyFindings: scanned.findings, shard: arguments.shard,
      arguments: arguments, durationMillis: Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000))
    return (run, scanned.taxonomy)
  }
}

extension CorpusPass {
  /// Each lane's pass outcome, set from its own thread.
  final class Outcomes: @unchecked Sendable {
    private let lock = SystemLock()
    private var outcomes: [Outcome?]

    init(count: Int) { outcomes = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ outcome: Outcome) { lock.withLock { outcomes[index] = outcome } }

    func all() -> [Outcome] { lock.withLock { outcomes.compactMap { $0 } } }
  }
}
