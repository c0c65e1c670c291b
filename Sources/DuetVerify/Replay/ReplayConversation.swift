import Dispatch
import DuetCore
import DuetRunner

/// One recording's replay as a conversation with a runner (fixtures.md, "Replay semantics"): it
/// asks for one `reduce` at a time and judges each reply, threading the runner's *actual* state
/// forward, checking a chain's `linkToNext` promise on the data, and stopping at the first failure.
///
/// Because it never waits itself, a runner slot can keep several recordings' requests in flight on
/// one runner (the protocol answers strictly in order), and the synchronous `FixtureReplayer` is a
/// plain loop over it. `begin` starts (or, on a fresh runner after another recording's crash,
/// restarts) from the seed.
struct ReplayConversation: RunnerConversation {
  let plan: ReplayPlan
  let owner: String?
  let file: String
  private(set) var result: FixtureResult
  private var slots: [String: String] = [:]
  private var nextStep = 0
  private var pending: Pending?
  private var started: UInt64 = 0

  /// The request in flight.
  struct Pending {
    var index: Int
    var node: String
    var state: String
    var texts: StepExchange.Texts
  }

  init(plan: ReplayPlan, owner: String?, file: String) {
    self.plan = plan
    self.owner = owner
    self.file = file
    result = Self.emptyResult(plan: plan, owner: owner, file: file)
  }

  static func emptyResult(plan: ReplayPlan, owner: String?, file: String) -> FixtureResult {
    let document = plan.document
    return FixtureResult(
      name: document.name, kind: document.kind, feature: document.kind == .leaf ? owner ?? document.feature : nil,
      file: file, scenarioSource: document.scenarioSource, stepCount: document.steps.count)
  }

  /// Starts from the seed against a runner serving `handshake.features`.
  mutating func begin(handshake: RunnerHandshake) -> ConversationMove<FixtureResult> {
    started = DispatchTime.now().uptimeNanoseconds
    result = Self.emptyResult(plan: plan, owner: owner, file: file)
    nextStep = 0
    pending = nil
    switch plan.seedSlots(owner: owner, served: handshake.features) {
    case .success(let seeded): slots = seeded
    case .failure(let failure): return finish(failure)
    }
    return advance()
  }

  /// Judges the reply to the request in flight, then asks for the next step or finishes.
  mutating func receive(_ reply: ReduceReply) -> ConversationMove<FixtureResult> {
    guard let sent = pending else { return finish(nil) }
    pending = nil
    let exchange = StepExchange.judged(plan, step: sent.index, sentState: sent.state, texts: sent.texts, reply: reply)
    let step = plan.document.steps[sent.index]
    if let next = exchange.nextState { slots[sent.node] = next }
    let failure = exchange.failure ?? SeamCheck.check(step, in: plan, action: exchange.action)
    result.steps.append(
      StepResult(index: step.index, node: step.node, label: step.label, line: step.line, passed: failure == nil))
    if let failure { return finish(failure) }
    nextStep += 1
    return advance()
  }

  /// The runner failed while this recording's request was the one it owed an answer to.
  mutating func fail(_ fault: RunnerFault, stderr: [String]) -> FixtureResult {
    guard let sent = pending else {
      return finishResult(FixtureFailure(reason: .runnerFault, detail: "\(fault)", stderr: stderr))
    }
    pending = nil
    let step = plan.document.steps[sent.index]
    return finishResult(
      FixtureFailure(
        reason: .runnerFault, step: step.index, node: step.node, label: step.label, line: step.line,
        action: sent.texts.action, detail: "\(fault) while reducing step \(step.index)", stderr: stderr))
  }

  /// The request for the next step, or the verdict when none is left.
  private mutating func advance() -> ConversationMove<FixtureResult> {
    guard nextStep < plan.steps.count else { return finish(nil) }
    let step = plan.document.steps[nextStep]
    let texts: StepExchange.Texts
    do {
      texts = try StepExchange.texts(plan, step: nextStep)
    } catch {
      guard case .unsendable(let message) = error else { return finish(nil) }
      return finish(
        FixtureFailure(
          reason: .unreadable, step: step.index, node: step.node, label: step.label, line: step.line,
          detail: message + ". Re-record the fixture."))
    }
    let node = step.node ?? owner ?? plan.document.feature ?? ""
    let state = slots[node] ?? "null"
    pending = Pending(index: nextStep, node: node, state: state, texts: texts)
    return .reduce(feature: node, state: state, action: texts.action)
  }

  private mutating func finish(_ failure: FixtureFailure?) -> ConversationMove<FixtureResult> {
    .finish(finishResult(failure))
  }

  private mutating func finishResult(_ failure: FixtureFailure?) -> FixtureResult {
    result.failure = failure
    result.durationMillis = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
    return result
  }
}
