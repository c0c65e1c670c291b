import Dispatch
import DuetCore
import DuetRunner

/// One recording's replay as a conversation with a runner (docs/recording.md, "Replay semantics"): the
/// one replay loop `verify`, `explain` and the tests share. It asks for one `reduce` at a time and
/// judges each reply, threading the runner's *actual* state forward, checking a chain's
/// `linkToNext` promise on the data, and stopping at the first failure.
///
/// Because it never waits itself, a runner slot can keep several recordings' requests in flight on
/// one runner (the protocol answers strictly in order), and `replay(on:)` is a plain synchronous
/// loop over it for one connection. `begin` starts (or, on a fresh runner after another
/// recording's crash, restarts) from the seed. Explaining a step (`explaining`) replays past
/// earlier failures up to that step and keeps its exchange in full.
///
/// Its own moves (`start`, `answer`) carry the state and action as bytes: the recording's slices
/// and the threaded state, sent as they are (`verify`'s pass drives those). The conversation
/// protocol's moves (`begin`, `receive`) are the same with strings made from them.
struct ReplayConversation: RunnerConversation {
  let document: FixtureDocument
  let owner: String?
  /// The step `explain` asked for; `nil` when verifying (stop at the first failure).
  let explaining: Int?
  private(set) var result: FixtureResult
  /// The asked-for step in full, once replayed (`explaining` only).
  private(set) var explanation: StepExplanation?
  /// The nodes replayed so far and each one's actual state (a leaf has one; a chain a few, so a
  /// linear search by name is cheaper than hashing it per step).
  private var nodes: [String] = []
  private var states: [ArraySlice<UInt8>] = []
  private var nextStep = 0
  private var pending: Pending?
  private var earlier: FixtureFailure?
  private var started: UInt64 = 0

  /// The request in flight: the step (its texts were checked sendable when it was sent, and are
  /// read from it in place) and its node's place in `nodes` (the state sent is `states[slot]`,
  /// unchanged until the reply). Two integers, so keeping it costs no reference counting.
  struct Pending {
    var index: Int
    var slot: Int
  }

  init(document: FixtureDocument, owner: String?, explaining: Int? = nil) {
    self.document = document
    self.owner = owner
    self.explaining = explaining
    result = Self.emptyResult(document: document, owner: owner)
  }

  static func emptyResult(document: FixtureDocument, owner: String?) -> FixtureResult {
    FixtureResult(
      name: document.name, kind: document.kind,
      feature: document.kind == .leaf ? document.leafFeature(owner: owner) : nil, file: document.file,
      scenarioSource: document.scenarioSource, stepCount: document.steps.count)
  }

  /// What the conversation wants next, state and action as compact UTF-8 bytes.
  enum Move {
    case reduce(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>)
    case finish(FixtureResult)

    /// The move with strings (the conversation protocol's form).
    var conversationMove: ConversationMove<FixtureResult> {
      switch self {
      case .reduce(let feature, let state, let action):
        return .reduce(
          feature: feature, state: String(decoding: state, as: UTF8.self),
          action: String(decoding: action, as: UTF8.self))
      case .finish(let result): return .finish(result)
      }
    }
  }

  /// Starts from the seed against a runner serving `handshake.features`.
  mutating func begin(handshake: RunnerHandshake) -> ConversationMove<FixtureResult> {
    start(handshake: handshake).conversationMove
  }

  /// Judges the reply to the request in flight, then asks for the next step or finishes.
  mutating func receive(_ reply: ReduceReply) -> ConversationMove<FixtureResult> {
    answer(reply).conversationMove
  }

  /// `answer(line:)`, with strings.
  mutating func receive(line: [UInt8]) throws(RunnerFault) -> ConversationMove<FixtureResult> {
    try answer(line: line).conversationMove
  }

  /// `begin`, with bytes.
  mutating func start(handshake: RunnerHandshake) -> Move {
    started = DispatchTime.now().uptimeNanoseconds
    result = Self.emptyResult(document: document, owner: owner)
    nextStep = 0
    pending = nil
    earlier = nil
    explanation = nil
    result.steps.reserveCapacity(document.steps.count)
    switch seedSlots(served: handshake.features) {
    case .success(let seeded):
      nodes = seeded.map(\.node)
      states = seeded.map(\.state)
    case .failure(let failure): return finish(failure)
    }
    return advance()
  }

  /// `receive`, with bytes: the reply read in full (strings made only here, to judge and word it).
  mutating func answer(_ reply: ReduceReply) -> Move {
    guard let sent = pending else { return finish(nil) }
    pending = nil
    let step = document.steps[sent.index]
    let exchange = StepExchange.judged(
      document, step: step, sentState: String(decoding: states[sent.slot], as: UTF8.self),
      texts: StepExchange.sentTexts(step), reply: reply)
    if let next = exchange.nextState { states[sent.slot] = ArraySlice(next.utf8) }
    let failure = exchange.failure ?? SeamCheck.check(step, in: document, action: exchange.action)
    result.steps.append(
      StepResult(index: step.index, node: step.node, label: step.label, line: step.line, passed: failure == nil))
    if let target = explaining {
      if step.index == target {
        explanation = StepExplanation(step: step, exchange: exchange, failure: failure, earlierFailure: earlier)
        return finish(failure)
      }
      if earlier == nil { earlier = failure }
    } else if let failure {
      return finish(failure)
    }
    nextStep += 1
    return advance()
  }

  /// Judges the reply line to the request in flight. A step whose state and effects are recorded
  /// and answered with exactly those bytes passes the byte gate on the line itself (no strings
  /// read, the recorded state threaded on); anything else is read in full and judged by
  /// `answer(_:)`, so a failing step keeps its whole explanation. Throws when the line is not a
  /// `reduce` reply (the runner stays in step; the pool then calls `fail`).
  mutating func answer(line: [UInt8]) throws(RunnerFault) -> Move {
    guard explaining == nil, let sent = pending,
      let expectedState = onStep(sent.index, { Self.matchedState(line, step: $0) })
    else { return answer(try ReduceResponse.parse(line)) }
    pending = nil
    states[sent.slot] = expectedState
    let (linked, passed) = onStep(sent.index) { ($0.linkToNext, Self.stepResult($0, passed: true)) }
    let failure =
      linked
      ? SeamCheck.check(
        document.steps[sent.index], in: document, action: StepExchange.sentTexts(document.steps[sent.index]).action)
      : nil
    result.steps.append(failure == nil ? passed : Self.stepResult(document.steps[sent.index], passed: false))
    if let failure { return finish(failure) }
    nextStep += 1
    return advance()
  }

  /// Runs `body` on step `index` in place: `document.steps[index]` copies the whole step before
  /// reading a field of it, retaining and releasing each of its texts (docs/performance.md).
  private func onStep<Value, Failure: Error>(
    _ index: Int, _ body: (borrowing FixtureStep) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    try document.steps.withUnsafeBufferPointer { steps throws(Failure) in
      try body(steps.baseAddress.unsafelyUnwrapped[index])
    }
  }

  /// The recorded state, when `line` answers `step` with exactly its recorded state and effects.
  static func matchedState(_ line: [UInt8], step: borrowing FixtureStep) -> ArraySlice<UInt8>? {
    guard case .success(let state)? = step.expectedState?.bytes,
      case .success(let effects) = step.expectedEffects.bytes,
      ResponseScanner.matches(line, effects: effects, state: state)
    else { return nil }
    return state
  }

  static func stepResult(_ step: borrowing FixtureStep, passed: Bool) -> StepResult {
    StepResult(index: step.index, node: step.node, label: step.label, line: step.line, passed: passed)
  }

  /// The runner failed while this recording's request was the one it owed an answer to.
  mutating func fail(_ fault: RunnerFault, stderr: [String]) -> FixtureResult {
    guard let sent = pending else {
      return finishResult(FixtureFailure(reason: .runnerFault, detail: "\(fault)", stderr: stderr))
    }
    pending = nil
    let step = document.steps[sent.index]
    return finishResult(
      FixtureFailure(
        reason: .runnerFault, step: step.index, node: step.node, label: step.label, line: step.line,
        action: StepExchange.sentTexts(step).action, detail: "\(fault) while reducing step \(step.index)",
        stderr: stderr))
  }

  /// Replays through one connection, one request at a time; `runnerLost` when the connection can
  /// no longer be trusted (crash, hang, oversized line).
  mutating func replay(on connection: any RunnerConnection) -> (result: FixtureResult, runnerLost: Bool) {
    var move = begin(handshake: connection.handshake)
    while true {
      switch move {
      case .finish(let result): return (result, false)
      case .reduce(let feature, let state, let action):
        do {
          move = receive(try connection.reduce(feature: feature, state: state, action: action))
        } catch {
          return (fail(error, stderr: connection.stderrTail()), error.losesRunner)
        }
      }
    }
  }

  /// The request for the next step, or the verdict when none is left.
  private mutating func advance() -> Move {
    guard nextStep < document.steps.count, nextStep <= explaining ?? nextStep else { return finish(nil) }
    let action: ArraySlice<UInt8>
    do {
      action = try onStep(nextStep) { step throws(ExchangeError) in try StepExchange.sendableAction(step) }
    } catch {
      let step = document.steps[nextStep]
      return finish(
        FixtureFailure(
          reason: .unreadable, step: step.index, node: step.node, label: step.label, line: step.line,
          detail: error.message + ". Re-record the fixture."))
    }
    // `document.node(of:owner:)`'s rule, on the step in place.
    let node = onStep(nextStep) { $0.node } ?? document.leafFeature(owner: owner)
    let slot = slot(of: node)
    pending = Pending(index: nextStep, slot: slot)
    return .reduce(feature: node, state: states[slot], action: action)
  }

  /// `node`'s place in `nodes`; a node with no seed starts from `null`.
  private mutating func slot(of node: String) -> Int {
    if let found = nodes.firstIndex(of: node) { return found }
    nodes.append(node)
    states.append(ArraySlice("null".utf8))
    return nodes.count - 1
  }

  /// Seeds one slot per node, after checking the runner serves every node; a failure when it does
  /// not, or when a seed cannot be sent.
  private func seedSlots(served: [String]) -> Result<[(node: String, state: ArraySlice<UInt8>)], FixtureFailure> {
    let needed: [String]
    var seeds: [(node: String, text: WireText)] = []
    switch document.kind {
    case .leaf:
      let feature = document.leafFeature(owner: owner)
      needed = [feature]
      seeds = [(feature, document.initialState ?? WireText(text: "null"))]
    case .chain:
      needed = document.nodes
      seeds = document.initialStates.keys.sorted(by: JSONValue.canonicalPrecedes).compactMap { node in
        document.initialStates[node].map { (node, $0) }
      }
    }
    let missing = needed.filter { !served.contains($0) }
    if !missing.isEmpty {
      let names = missing.map { "'\($0)'" }.joined(separator: ", ")
      let list = served.isEmpty ? "nothing" : served.joined(separator: ", ")
      return .failure(
        FixtureFailure(
          reason: .featureNotServed,
          detail:
            "the runner does not serve \(missing.count == 1 ? "feature" : "features") \(names) (it serves: \(list)). "
            + "Register the feature in the runner, or give the runner that serves it with --runner."))
    }
    var slots: [(node: String, state: ArraySlice<UInt8>)] = []
    for seed in seeds {
      switch seed.text.bytes {
      case .success(let text): slots.append((seed.node, text))
      case .failure(let problem):
        return .failure(FixtureFailure(reason: .unreadable, detail: problem.message + ". Re-record the fixture."))
      }
    }
    return .success(slots)
  }

  private mutating func finish(_ failure: FixtureFailure?) -> Move {
    .finish(finishResult(failure))
  }

  private mutating func finishResult(_ failure: FixtureFailure?) -> FixtureResult {
    result.failure = failure
    result.durationMillis = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
    return result
  }
}
