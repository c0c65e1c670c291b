import Dispatch
import DuetCore

/// Replays one recording through a runner connection (fixtures.md, "Replay semantics").
///
/// Seeds from `initialState` (leaf) or one slot per node from `initialStates` (chain), sends one
/// `reduce` per step, byte-compares, threads the runner's *actual* state forward, checks a chain's
/// `linkToNext` promise on the data itself, and stops at the first failure (later steps would
/// replay against poisoned state).
public struct FixtureReplayer: Sendable {
  public init() {}

  /// The outcome of one replay; `runnerLost` tells the pool to discard the connection.
  public struct Outcome: Sendable {
    /// The recording's result.
    public var result: FixtureResult
    /// True when the runner can no longer be trusted (crash, hang, oversized line).
    public var runnerLost: Bool
  }

  /// Replays `document`, owned by `owner` (the leaf's feature in the manifest), from `file`.
  public func replay(
    _ document: FixtureDocument, owner: String?, file: String, on connection: any RunnerConnection
  ) -> Outcome {
    let started = DispatchTime.now().uptimeNanoseconds
    var result = FixtureResult(
      name: document.name, kind: document.kind, feature: document.kind == .leaf ? owner ?? document.feature : nil,
      file: file, scenarioSource: document.scenarioSource, stepCount: document.steps.count)
    var lost = false
    result.failure = run(document, owner: owner, connection: connection, into: &result, lost: &lost)
    result.durationMillis = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
    return Outcome(result: result, runnerLost: lost)
  }

  func run(
    _ document: FixtureDocument, owner: String?, connection: any RunnerConnection, into result: inout FixtureResult,
    lost: inout Bool
  ) -> FixtureFailure? {
    var slots: [String: String]
    switch ReplaySeed.slots(for: document, owner: owner, served: connection.handshake.features) {
    case .success(let seeded): slots = seeded
    case .failure(let failure): return failure
    }
    let leafFeature = owner ?? document.feature ?? ""
    for step in document.steps {
      let node = step.node ?? leafFeature
      let exchange: StepExchange
      do {
        exchange = try StepExchange.run(
          step, node: node, state: slots[node] ?? "null", kind: document.kind, on: connection)
      } catch {
        switch error {
        case .unsendable(let message):
          return FixtureFailure(
            reason: .unreadable, step: step.index, node: step.node, label: step.label, line: step.line,
            detail: message + ". Re-record the fixture.")
        case .runner(let fault, let action):
          lost = fault.losesRunner
          return FixtureFailure(
            reason: .runnerFault, step: step.index, node: step.node, label: step.label, line: step.line,
            action: action, detail: "\(fault) while reducing step \(step.index)",
            stderr: connection.stderrTail())
        }
      }
      if let nextState = exchange.nextState { slots[node] = nextState }
      let failure = exchange.failure ?? SeamCheck.check(step, in: document, action: exchange.action)
      result.steps.append(
        StepResult(index: step.index, node: step.node, label: step.label, line: step.line, passed: failure == nil))
      if let failure { return failure }
    }
    return nil
  }
}

/// The seed states, one slot per node, checked against what the runner serves.
enum ReplaySeed {
  static func slots(
    for document: FixtureDocument, owner: String?, served: [String]
  ) -> Result<[String: String], FixtureFailure> {
    let needed: [String]
    var seeds: [String: JSONValue] = [:]
    switch document.kind {
    case .leaf:
      let feature = owner ?? document.feature ?? ""
      needed = [feature]
      seeds[feature] = document.initialState ?? .null
    case .chain:
      needed = document.nodes
      seeds = document.initialStates
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
    var slots: [String: String] = [:]
    for (node, seed) in seeds {
      let root = document.kind == .leaf ? "initialState" : "initialStates.\(node)"
      do {
        slots[node] = try StepExchange.text(seed, what: root)
      } catch {
        if case .unsendable(let message) = error {
          return .failure(FixtureFailure(reason: .unreadable, detail: message + ". Re-record the fixture."))
        }
      }
    }
    return .success(slots)
  }
}
