import DuetCore
import DuetRunner

/// One step sent to the runner and judged: what was sent, what came back, and how it compares.
///
/// `verify` stops a recording at the first failing exchange; `explain` keeps going to the step asked
/// for and prints the full trees, so both share this one unit.
struct StepExchange {
  /// The state text sent (the actual state threaded from the previous step).
  var sentState: String
  /// The action text sent.
  var action: String
  /// The runner's reply.
  var reply: ReduceReply
  /// canonical(expectedState), when the step records one.
  var expectedState: String?
  /// canonical(expectedEffects).
  var expectedEffects: String
  /// The first failure of this step, if any (divergence or runner error).
  var failure: FixtureFailure?

  /// The state the next step starts from: the runner's actual answer.
  var nextState: String? {
    if case .answer(let state, _) = reply { return state }
    return nil
  }

  /// What `step` sends and expects, or why it cannot be sent (the action first, then the effects,
  /// then the state).
  static func texts(_ planned: FixtureStep) throws(ExchangeError) -> Texts {
    let action = try text(planned.action)
    let effects = try text(planned.expectedEffects)
    let state = try planned.expectedState.map { value throws(ExchangeError) in try text(value) }
    return Texts(action: action, expectedState: state, expectedEffects: effects)
  }

  /// The action `step` sends, once its effects and state are known sendable too (the same checks
  /// in the same order as `texts`, without keeping the expected texts: the reply is judged on the
  /// step in place).
  static func sendableAction(_ planned: RecordedStep, in bytes: [UInt8], or unsendable: [WireText])
    throws(ExchangeError) -> ArraySlice<UInt8>
  {
    // A step's texts are spans of `bytes` unless the dialect forbids one (`unsendable`).
    if planned.action.isUnsendable || planned.expectedEffects.isUnsendable || planned.expectedState.isUnsendable {
      for span in [planned.action, planned.expectedEffects, planned.expectedState] where span.isUnsendable {
        if case .failure(let problem) = unsendable[span.unsendablePlace].bytes {
          throw ExchangeError(message: problem.message)
        }
      }
    }
    return bytes[planned.action.range ?? 0..<0]
  }

  /// The texts of a step already sent (`sendableAction` passed, so none is missing).
  static func sentTexts(_ sent: FixtureStep) -> Texts {
    (try? texts(sent)) ?? Texts(action: "", expectedState: nil, expectedEffects: "")
  }

  /// The texts of one step.
  struct Texts {
    var action: String
    var expectedState: String?
    var expectedEffects: String
  }

  static func text(_ value: WireText) throws(ExchangeError) -> String {
    switch value.text {
    case .success(let text): return text
    case .failure(let problem): throw ExchangeError(message: problem.message)
    }
  }

  /// The exchange of `step` of `document` once its reply is in.
  static func judged(
    _ document: FixtureDocument, step: FixtureStep, sentState: String, texts: Texts, reply: ReduceReply
  ) -> StepExchange {
    var exchange = StepExchange(
      sentState: sentState, action: texts.action, reply: reply, expectedState: texts.expectedState,
      expectedEffects: texts.expectedEffects)
    exchange.failure = exchange.judge(document.kind, step: step)
    return exchange
  }

  /// Leaf: state then effects; chain: effects, then state if recorded (docs/recording.md).
  func judge(_ kind: FixtureDocument.Kind, step: FixtureStep) -> FixtureFailure? {
    guard case .answer(let actualState, let actualEffects) = reply else {
      if case .refused(let message) = reply {
        return failure(step, reason: .runnerError, divergence: nil, detail: "runner said: \(message)")
      }
      return nil
    }
    func stateCheck() -> FixtureFailure? {
      guard let expectedState, !ByteGate.same(expectedState, actualState),
        let expected = step.expectedState?.tree
      else { return nil }
      let found = ByteGate.explain(
        expected: expected, expectedText: expectedState, actualText: actualState, root: "expectedState")
      var failure = failure(step, reason: .stateDiverged, divergence: found.divergence, detail: found.note)
      failure.diff = CompactDiff.lines(expected: expectedState, actual: actualState)
      return failure
    }
    func effectsCheck() -> FixtureFailure? {
      guard !ByteGate.same(expectedEffects, actualEffects) else { return nil }
      let found = ByteGate.explain(
        expected: step.expectedEffects.tree ?? .array([]), expectedText: expectedEffects, actualText: actualEffects,
        root: "expectedEffects")
      var failure = failure(step, reason: .effectsDiverged, divergence: found.divergence, detail: found.note)
      failure.diff = CompactDiff.lines(expected: expectedEffects, actual: actualEffects)
      return failure
    }
    // A state the step records was compared byte for byte above; one it does not record (a chain
    // step) is threaded into the next request unseen, so it must be one-line compact canonical text.
    func threadable() -> FixtureFailure? {
      guard expectedState == nil, !Self.isCompactCanonical(actualState) else { return nil }
      return failure(
        step, reason: .runnerFault, divergence: nil,
        detail: "runner returned a state that is not one-line compact canonical JSON, so it cannot be threaded "
          + "into the next request: \(ByteGate.preview(actualState))")
    }
    switch kind {
    case .leaf: return stateCheck() ?? effectsCheck() ?? threadable()
    case .chain: return effectsCheck() ?? stateCheck() ?? threadable()
    }
  }

  /// True when `text` is exactly the compact canonical form of the JSON it holds (so one line).
  static func isCompactCanonical(_ text: String) -> Bool {
    guard let value = try? JSONParser().parse(text), let canonical = try? CanonicalWriter.compact(value) else {
      return false
    }
    return ByteGate.same(canonical, text)
  }

  func failure(_ step: FixtureStep, reason: FixtureFailure.Reason, divergence: Divergence?, detail: String?)
    -> FixtureFailure
  {
    FixtureFailure(
      reason: reason, step: step.index, node: step.node, label: step.label, line: step.line, divergence: divergence,
      action: action, detail: detail)
  }
}

/// A recorded value the dialect forbids (a float), so the step cannot go on the wire.
struct ExchangeError: Error {
  var message: String
}
