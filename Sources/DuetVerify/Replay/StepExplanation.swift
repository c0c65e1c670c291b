import DuetRunner

/// One step replayed for `explain`: everything sent and received at that step, in full.
///
/// Unlike `verify`, the replay does not stop at an earlier divergence: it threads the runner's
/// actual states up to the step asked for and notes the first earlier failure, so the user sees the
/// step as the runner really reaches it.
struct StepExplanation: Sendable {
  /// The step explained.
  var step: FixtureStep
  /// What was sent (compact), expected and answered at that step: the same unit `verify` judges.
  var exchange: StepExchange
  /// This step's failure (divergence, runner error or broken seam).
  var failure: FixtureFailure?
  /// The first failure of an earlier step, if any.
  var earlierFailure: FixtureFailure?

  /// Replays `document` up to and including step `index` on `connection`, through the one replay
  /// loop (`ReplayJob` run as every job is, `RunnerPool.run`); the failure that stopped it before
  /// that step otherwise.
  static func replay(
    _ document: FixtureDocument, owner: String?, through index: Int, on connection: any RunnerConnection,
    timeout: Double = RunnerLimits.defaultTimeout
  ) -> Result<StepExplanation, FixtureFailure> {
    let job = ReplayJob(
      ReplayConversation(document: document, owner: owner, explaining: index), deliver: { _ in },
      notRun: { ReplayConversation.emptyResult(document: document, owner: owner) })
    RunnerPool.run(job, on: connection, timeout: timeout)
    if let explanation = job.replay.explanation { return .success(explanation) }
    return .failure(
      job.replay.result.failure ?? FixtureFailure(reason: .notRun, detail: "the recording has no step \(index)"))
  }
}
