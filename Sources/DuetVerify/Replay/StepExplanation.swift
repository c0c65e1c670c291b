import DuetRunner

/// One step replayed for `explain`: everything sent and received at that step, in full.
///
/// Unlike `verify`, the replay does not stop at an earlier divergence: it threads the runner's
/// actual states up to the step asked for and notes the first earlier failure, so the user sees the
/// step as the runner really reaches it.
public struct StepExplanation: Sendable {
  /// The step explained.
  public var step: FixtureStep
  /// The state sent with it (compact).
  public var sentState: String
  /// The action sent (compact).
  public var action: String
  /// canonical(expectedState), when recorded.
  public var expectedState: String?
  /// canonical(expectedEffects).
  public var expectedEffects: String
  /// The runner's reply.
  public var reply: ReduceReply
  /// This step's failure (divergence, runner error or broken seam).
  public var failure: FixtureFailure?
  /// The first failure of an earlier step, if any.
  public var earlierFailure: FixtureFailure?

  /// Replays `document` up to and including step `index`.
  public static func replay(
    _ document: FixtureDocument, owner: String?, through index: Int, on connection: any RunnerConnection
  ) -> Result<StepExplanation, FixtureFailure> {
    let plan = ReplayPlan(document: document)
    var slots: [String: String]
    switch plan.seedSlots(owner: owner, served: connection.handshake.features) {
    case .success(let seeded): slots = seeded
    case .failure(let failure): return .failure(failure)
    }
    var earlier: FixtureFailure?
    for step in document.steps.prefix(index + 1) {
      let node = step.node ?? owner ?? document.feature ?? ""
      let exchange: StepExchange
      do {
        exchange = try StepExchange.run(
          plan, step: step.index, node: node, state: slots[node] ?? "null", on: connection)
      } catch {
        switch error {
        case .unsendable(let message):
          return .failure(FixtureFailure(reason: .unreadable, step: step.index, detail: message))
        case .runner(let fault, let action):
          return .failure(
            FixtureFailure(
              reason: .runnerFault, step: step.index, node: step.node, label: step.label, line: step.line,
              action: action, detail: "\(fault) while reducing step \(step.index)", stderr: connection.stderrTail()))
        }
      }
      if let next = exchange.nextState { slots[node] = next }
      let failure = exchange.failure ?? SeamCheck.check(step, in: plan, action: exchange.action)
      if step.index == index {
        return .success(
          StepExplanation(
            step: step, sentState: exchange.sentState, action: exchange.action, expectedState: exchange.expectedState,
            expectedEffects: exchange.expectedEffects, reply: exchange.reply, failure: failure,
            earlierFailure: earlier))
      }
      if earlier == nil { earlier = failure }
    }
    return .failure(FixtureFailure(reason: .notRun, detail: "the recording has no step \(index)"))
  }
}
