import DuetCore
import DuetPlatform
import DuetRunner

/// One recording's replay as a conversation with a runner (docs/recording.md, "Replay semantics"): the
/// one replay loop `verify`, `explain` and the tests share, driven as a `RunnerJob` by `ReplayJob`.
/// It asks for one `reduce` at a time and judges each reply line, threading the runner's *actual*
/// state forward, checking a chain's `linkToNext` promise on the data, and stopping at the first
/// failure.
///
/// Because it never waits itself, a runner slot can keep several recordings' requests in flight on
/// one runner (the protocol answers strictly in order). `start` starts (or, on a fresh runner after
/// another recording's crash, restarts) from the seed; `answer(line:)` judges each reply line;
/// each returns the next request, or `nil` once `result` is settled. Explaining a step
/// (`explaining`) replays past earlier failures up to that step and keeps its exchange in full.
struct ReplayConversation {
  let document: FixtureDocument
  let owner: String?
  /// The step `explain` asked for; `nil` when verifying (stop at the first failure).
  let explaining: Int?
  /// Whether a passed recording's result lists its steps. Without (a run that keeps only counts
  /// of passed recordings: `FixtureResult.slimmed`), a step passed on its bytes is listed only
  /// when a later step fails, so a passed recording makes no `StepResult` or label string.
  let listsPassedSteps: Bool
  private(set) var result: FixtureResult
  /// The asked-for step in full, once replayed (`explaining` only).
  private(set) var explanation: StepExplanation?
  /// The nodes replayed so far and each one's actual state (a leaf has one; a chain a few, so a
  /// linear search by name is cheaper than hashing it per step).
  private var nodes: [String] = []
  private var states: [ArraySlice<UInt8>] = []
  private var nextStep = 0
  /// The request in flight: its step's index and its node's place in `nodes` (the state sent is
  /// `states[slot]`, unchanged until the reply).
  private var inFlight: (step: Int, slot: Int)?
  private var earlier: FixtureFailure?
  private var started: UInt64 = 0
  /// Whether `start` ran before (a restart on a fresh runner resets what the last start left).
  private var opened = false

  init(document: consuming FixtureDocument, owner: String?, explaining: Int? = nil, listsPassedSteps: Bool = true) {
    // The result first, so the document's last use is its move into place: stored first, it was
    // copied (every reference it holds retained) to make the result from, then released.
    result = Self.emptyResult(document: document, owner: owner)
    self.document = document
    self.owner = owner
    self.explaining = explaining
    self.listsPassedSteps = listsPassedSteps || explaining != nil
  }

  static func emptyResult(document: FixtureDocument, owner: String?) -> FixtureResult {
    FixtureResult(
      name: document.name, kind: document.kind,
      feature: document.kind == .leaf ? document.leafFeature(owner: owner) : nil, file: document.file,
      scenarioSource: document.scenarioSource, stepCount: document.stepCount)
  }

  /// Starts from the seed against a runner serving `handshake.features`: the first request, or
  /// `nil` once `result` is settled.
  mutating func start(handshake: RunnerHandshake) -> RunnerRequest? {
    started = Deadline.now
    // A first start finds the state `init` left; only a restart has anything to reset (the
    // result made again and the explanation cleared cost more than the rest of a start).
    if opened {
      result = Self.emptyResult(document: document, owner: owner)
      nextStep = 0
      inFlight = nil
      earlier = nil
      explanation = nil
    }
    opened = true
    if listsPassedSteps { result.steps.reserveCapacity(document.stepCount) }
    if document.kind == .leaf {
      // A leaf's one slot, set without the lists a chain's seeds need (a few arrays per recording).
      let feature = document.leafFeature(owner: owner)
      guard handshake.features.contains(feature) else {
        return finish(Self.notServed([feature], served: handshake.features))
      }
      switch (document.initialState ?? WireText(text: "null")).bytes {
      case .success(let text):
        nodes = [feature]
        states = [text]
      case .failure(let problem): return finish(Self.unsendableSeed(problem))
      }
      return advance()
    }
    switch seedSlots(served: handshake.features) {
    case .success(let seeded):
      nodes = seeded.map(\.node)
      states = seeded.map(\.state)
    case .failure(let failure): return finish(failure)
    }
    return advance()
  }

  /// Judges the reply to the request in flight read in full (strings made only here, to judge and
  /// word it), then asks for the next step or settles: what `answer(line:)` does with any line it
  /// cannot pass on its bytes.
  mutating func judge(_ reply: ReduceReply) -> RunnerRequest? {
    guard let sent = inFlight else { return finish(nil) }
    inFlight = nil
    let step = document.step(sent.step)
    let exchange = StepExchange.judged(
      document, step: step, sentState: String(decoding: states[sent.slot], as: UTF8.self),
      texts: StepExchange.sentTexts(step), reply: reply)
    if let next = exchange.nextState { states[sent.slot] = ArraySlice(next.utf8) }
    let failure = exchange.failure ?? SeamCheck.check(step, in: document, action: exchange.action)
    if failure != nil || listsPassedSteps {
      listPassed()
      result.steps.append(Self.stepResult(step, passed: failure == nil))
    }
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
  /// `judge(_:)`, so a failing step keeps its whole explanation. Throws when the line is not a
  /// `reduce` reply (the runner stays in step; the job then fails).
  mutating func answer(line: [UInt8]) throws(RunnerFault) -> RunnerRequest? {
    // Statics over the fields they read: a method of `self` called here copied the whole replay.
    guard explaining == nil, let sent = inFlight else { return judge(try ReduceResponse.parse(line)) }
    let record = document.recorded[sent.step]
    guard let expectedState = Self.matchedState(line, record, in: document.texts.bytes, replies: document.texts.replies)
    else {
      return judge(try ReduceResponse.parse(line))
    }
    inFlight = nil
    states[sent.slot] = expectedState
    if record.linkToNext, let failure = Self.seamFailure(document.step(sent.step), in: document) {
      listPassed()
      result.steps.append(Self.stepResult(document.step(sent.step), passed: false))
      return finish(failure)
    }
    if listsPassedSteps {
      result.steps.append(Self.passedResult(sent.step, record, in: document.texts))
    }
    nextStep += 1
    return advance()
  }

  /// A step passed on its bytes, built from its spans: its label is the one string made for it.
  static func passedResult(_ index: Int, _ record: RecordedStep, in texts: RecordingTexts) -> StepResult {
    let node = record.node >= 0 ? texts.nodes[Int(record.node)] : nil
    let label = RecordingTexts.label(record.label, in: texts.bytes)
    return StepResult(index: index, node: node, label: label, line: record.line, passed: true)
  }

  /// Lists the passed steps left unlisted (`listsPassedSteps` false): every step before
  /// `nextStep` passed (verify stops at the first failure), so they are the indices from the
  /// list's end up to it. Called before a failing step is listed, and when the replay fails.
  private mutating func listPassed() {
    guard result.steps.count < nextStep else { return }
    result.steps.reserveCapacity(document.stepCount)
    for index in result.steps.count..<nextStep {
      result.steps.append(Self.passedResult(index, document.recorded[index], in: document.texts))
    }
  }

  /// The broken seam of `step`, a step marked `linkToNext` that was answered as recorded.
  static func seamFailure(_ step: FixtureStep, in document: FixtureDocument) -> FixtureFailure? {
    SeamCheck.check(step, in: document, action: StepExchange.sentTexts(step).action)
  }

  /// The recorded state, when `line` answers `record` with exactly its recorded state and effects:
  /// the line is the step's expected reply line (`replies`, one `memcmp`), or, escaped otherwise
  /// (a runner that writes `\/`), its two strings unescaped are the recorded texts (`text`).
  static func matchedState(_ line: [UInt8], _ record: RecordedStep, in text: [UInt8], replies: [UInt8])
    -> ArraySlice<UInt8>?
  {
    guard let state = record.expectedState.range, let effects = record.expectedEffects.range else { return nil }
    if let reply = record.reply.range, line.count == reply.count,
      line.withUnsafeBufferPointer({ line in
        replies.withUnsafeBufferPointer { replies in
          memcmp(
            line.baseAddress.unsafelyUnwrapped, replies.baseAddress.unsafelyUnwrapped + reply.lowerBound, reply.count)
            == 0
        }
      })
    {
      return text[state]
    }
    guard ResponseScanner.matches(line, effects: text[effects], state: text[state]) else { return nil }
    return text[state]
  }

  static func stepResult(_ step: borrowing FixtureStep, passed: Bool) -> StepResult {
    StepResult(index: step.index, node: step.node, label: step.label, line: step.line, passed: passed)
  }

  /// The runner failed while this recording's request was the one it owed an answer to: settles
  /// `result` with the fault.
  mutating func fail(_ fault: RunnerFault, stderr: [String]) {
    guard let sent = inFlight else {
      finish(FixtureFailure(reason: .runnerFault, detail: "\(fault)", stderr: stderr))
      return
    }
    inFlight = nil
    let step = document.step(sent.step)
    finish(
      FixtureFailure(
        reason: .runnerFault, step: step.index, node: step.node, label: step.label, line: step.line,
        action: StepExchange.sentTexts(step).action, detail: "\(fault) while reducing step \(step.index)",
        stderr: stderr))
  }

  /// The request for the next step, or `nil` (the verdict settled) when none is left.
  private mutating func advance() -> RunnerRequest? {
    guard nextStep < document.stepCount, nextStep <= explaining ?? nextStep else { return finish(nil) }
    let record = document.recorded[nextStep]
    let action: ArraySlice<UInt8>
    do {
      action = try StepExchange.sendableAction(record, in: document.texts.bytes, or: document.texts.unsendable)
    } catch {
      let step = document.step(nextStep)
      return finish(
        FixtureFailure(
          reason: .unreadable, step: step.index, node: step.node, label: step.label, line: step.line,
          detail: error.message + ". Re-record the fixture."))
    }
    // `document.node(of:owner:)`'s rule, on the step's spans; a leaf's one node is its first slot
    // (`start`), found without a search.
    let node: String
    let slot: Int
    if record.node < 0, document.kind == .leaf {
      (node, slot) = (nodes[0], 0)
    } else {
      node = record.node >= 0 ? document.texts.nodes[Int(record.node)] : document.leafFeature(owner: owner)
      slot = self.slot(of: node)
    }
    inFlight = (nextStep, slot)
    return .reduce(feature: node, state: states[slot], action: action)
  }

  /// `node`'s place in `nodes`; a node with no seed starts from `null`.
  private mutating func slot(of node: String) -> Int {
    if let found = nodes.firstIndex(of: node) { return found }
    nodes.append(node)
    states.append(ArraySlice("null".utf8))
    return nodes.count - 1
  }

  /// Seeds one slot per node of a chain, after checking the runner serves every node; a failure
  /// when it does not, or when a seed cannot be sent. (A leaf's one slot is set by `start`.)
  private func seedSlots(served: [String]) -> Result<[(node: String, state: ArraySlice<UInt8>)], FixtureFailure> {
    let needed = document.nodes
    let seeds = document.initialStates.keys.sorted(by: JSONValue.canonicalPrecedes).compactMap { node in
      document.initialStates[node].map { (node: node, text: $0) }
    }
    let missing = needed.filter { !served.contains($0) }
    if !missing.isEmpty { return .failure(Self.notServed(missing, served: served)) }
    var slots: [(node: String, state: ArraySlice<UInt8>)] = []
    for seed in seeds {
      switch seed.text.bytes {
      case .success(let text): slots.append((seed.node, text))
      case .failure(let problem): return .failure(Self.unsendableSeed(problem))
      }
    }
    return .success(slots)
  }

  /// The runner serves none of `missing` (nodes or the leaf's feature).
  static func notServed(_ missing: [String], served: [String]) -> FixtureFailure {
    let names = missing.map { "'\($0)'" }.joined(separator: ", ")
    let list = served.isEmpty ? "nothing" : served.joined(separator: ", ")
    return FixtureFailure(
      reason: .featureNotServed,
      detail:
        "the runner does not serve \(missing.count == 1 ? "feature" : "features") \(names) (it serves: \(list)). "
        + (renameHint(missing, served: served)
          ?? "Register the feature in the runner, or give the runner that serves it with --runner."))
  }

  /// A seed the dialect cannot send.
  static func unsendableSeed(_ problem: WireProblem) -> FixtureFailure {
    FixtureFailure(reason: .unreadable, detail: problem.message + ". Re-record the fixture.")
  }

  /// Settles `result` with `failure` (none: passed); no request follows.
  @discardableResult
  private mutating func finish(_ failure: FixtureFailure?) -> RunnerRequest? {
    // A match, not `!= nil`, which copied the failure to compare it.
    if case .some = failure { listPassed() }
    result.failure = failure
    result.durationMillis = Int((Deadline.now - started) / 1_000_000)
    return nil
  }
}
