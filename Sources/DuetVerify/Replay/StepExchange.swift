import DuetCore

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

  /// Sends `step` with `state` and judges the reply. Throws only runner faults.
  static func run(
    _ step: FixtureStep, node: String, state: String, kind: FixtureDocument.Kind, on connection: any RunnerConnection
  ) throws(ExchangeError) -> StepExchange {
    let action = try text(step.action, what: "steps[\(step.index)].action")
    let expectedEffects = try text(step.expectedEffects, what: "steps[\(step.index)].expectedEffects")
    let expectedState = try step.expectedState.map { value throws(ExchangeError) in
      try text(value, what: "steps[\(step.index)].expectedState")
    }
    let reply: ReduceReply
    do {
      reply = try connection.reduce(feature: node, state: state, action: action)
    } catch {
      throw .runner(error, action: action)
    }
    var exchange = StepExchange(
      sentState: state, action: action, reply: reply, expectedState: expectedState, expectedEffects: expectedEffects)
    exchange.failure = exchange.judge(step, kind: kind)
    return exchange
  }

  /// Leaf: state then effects; chain: effects, then state if recorded (fixtures.md).
  func judge(_ step: FixtureStep, kind: FixtureDocument.Kind) -> FixtureFailure? {
    guard case .answer(let actualState, let actualEffects) = reply else {
      if case .refused(let message) = reply {
        return failure(step, reason: .runnerError, divergence: nil, detail: "runner said: \(message)")
      }
      return nil
    }
    func stateCheck() -> FixtureFailure? {
      guard let expected = step.expectedState, let expectedState else { return nil }
      guard
        let found = ByteGate.compare(
          expected: expected, expectedText: expectedState, actualText: actualState, root: "expectedState")
      else { return nil }
      return failure(step, reason: .stateDiverged, divergence: found.divergence, detail: found.note)
    }
    func effectsCheck() -> FixtureFailure? {
      guard
        let found = ByteGate.compare(
          expected: step.expectedEffects, expectedText: expectedEffects, actualText: actualEffects,
          root: "expectedEffects")
      else { return nil }
      return failure(step, reason: .effectsDiverged, divergence: found.divergence, detail: found.note)
    }
    switch kind {
    case .leaf: return stateCheck() ?? effectsCheck()
    case .chain: return effectsCheck() ?? stateCheck()
    }
  }

  func failure(_ step: FixtureStep, reason: FixtureFailure.Reason, divergence: Divergence?, detail: String?)
    -> FixtureFailure
  {
    FixtureFailure(
      reason: reason, step: step.index, node: step.node, label: step.label, line: step.line, divergence: divergence,
      action: action, detail: detail)
  }

  /// The compact canonical text of a recorded value, or why it cannot be sent.
  static func text(_ value: JSONValue, what: String) throws(ExchangeError) -> String {
    do {
      return try CanonicalWriter.compact(value)
    } catch {
      throw .unsendable("\(what) cannot be sent: \(error.rooted(at: what).description)")
    }
  }
}

/// Why an exchange could not complete.
enum ExchangeError: Error {
  /// The runner failed (crash, hang, garbage); the action that was being sent.
  case runner(RunnerFault, action: String)
  /// A recorded value the dialect forbids (a float), so it cannot go on the wire.
  case unsendable(String)
}
