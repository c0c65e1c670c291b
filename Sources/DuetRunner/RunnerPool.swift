/// Runs jobs across a fixed number of runner processes, concurrently, with several requests in
/// flight per process (`runPipelined`): the one engine `verify`, `explain`'s corpus and `record`
/// share.
///
/// Each slot is a thread owning one runner at a time: it starts one lazily, keeps its window of
/// requests full, and replaces it whenever the runner is lost (crash, hang, oversized line), so one
/// bad job never costs the others. A slot whose runner cannot start retires; when every slot has
/// retired, the remaining jobs are settled without a runner (`RunnerJob.abandon`).
/// The pool knows nothing about fixtures: jobs and their outputs are the caller's types.
package final class RunnerPool: Sendable {
  /// Starts runners.
  package let launcher: any RunnerLauncher
  /// How many runner processes run at once.
  package let size: Int

  package init(launcher: any RunnerLauncher, size: Int) {
    self.launcher = launcher
    self.size = max(1, size)
  }
}

/// What a pool run did (its outputs went to the jobs' own sinks).
package struct PoolRun: Sendable {
  /// Every runner start that failed (one per retired slot).
  package var startFailures: [RunnerStartError]
  /// Runner processes started (restarts included).
  package var runnersStarted: Int
  /// Slots used (`min(size, jobs)`).
  package var slots: Int
  /// Runners whose reply stream was out of step when they were closed (the run cannot be trusted).
  package var streamFailures: [RunnerStreamError] = []
}
