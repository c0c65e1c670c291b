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

  /// Replays `document` up to and including step `index`, through the one replay loop
  /// (`ReplayConversation`); the failure that stopped it before that step otherwise.
  static func replay(
    _ document: FixtureDocument, owner: String?, through index: Int, on connection: any RunnerConnection
  ) -> Result<StepExplanation, FixtureFailure> {
    var conversation = ReplayConversation(document: document, owner: owner, explaining: index)
    let replayed = conversation.replay(on: connection).result
    if let explanation = conversation.explanation { return .success(explanation) }
    return .failure(
      replayed.failure ?? FixtureFailure(reason: .notRun, detail: "the recording has no step \(index)"))
  }
}
