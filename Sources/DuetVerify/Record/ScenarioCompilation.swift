import Dispatch
import DuetRunner

/// Compiles every target through the runner pool, one `scenarios` request per target.
///
/// Nothing is written here: `record` compiles everything first and writes only once every answer is
/// in, so a runner that crashes or hangs halfway leaves the fixtures folder exactly as it was.
struct ScenarioCompilation: Sendable {
  /// The capability a runner advertises when it answers the `scenarios` op.
  static let capability = "record"

  /// The runner processes (the same pool `verify` uses).
  var pool: RunnerPool
  /// Seconds allowed for each `scenarios` request.
  var timeout: Double

  /// What the compilation produced.
  struct Outcome: Sendable {
    /// One outcome per target, in the order given.
    var targets: [TargetOutcome]
    /// Runner processes used.
    var runners: Int
    /// Runners whose reply stream was out of step when closed: nothing they compiled is trusted.
    var streamFailures: [RunnerStreamError] = []
    /// Wall time in milliseconds.
    var durationMillis: Int
  }

  /// Compiles `targets`, then refuses recordings that two targets (or one target twice) produce.
  func run(_ targets: [RecordTarget]) -> Outcome {
    let started = DispatchTime.now().uptimeNanoseconds
    let timeout = self.timeout
    let run = pool.run(
      targets,
      work: { target, connection in Self.compile(target, on: connection, timeout: timeout) },
      unavailable: { target, error in TargetOutcome(target: target, result: .runnerFailed(error.description)) })
    return Outcome(
      targets: Self.refuseDuplicates(run.outputs), runners: run.slots, streamFailures: run.streamFailures,
      durationMillis: Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000))
  }

  /// One request; the flag says whether the runner must be replaced.
  static func compile(
    _ target: RecordTarget, on connection: any RunnerConnection, timeout: Double
  ) -> (output: TargetOutcome, runnerLost: Bool) {
    guard connection.handshake.capabilities.contains(capability), let compiler = connection as? ScenarioCompiling
    else {
      return (
        TargetOutcome(target: target, result: .cannotRecord("it does not advertise the record capability")), false
      )
    }
    if case .feature(let name) = target, !connection.handshake.features.contains(name) {
      return (
        TargetOutcome(target: target, result: .notServedHere("the runner does not serve feature '\(name)'")), false
      )
    }
    let reply: ScenariosReply
    do {
      reply = try compiler.scenarios(target, timeout: timeout)
    } catch {
      var text = "\(target.display): \(error.description) while compiling its scenarios"
      if case .lineTooLong(let limit) = error {
        text =
          "\(target.display): the runner's scenarios reply passed \(limit >> 20) MiB without ending its line, so it "
          + "was not read; one target's recordings travel in one reply line of at most \(limit >> 20) MiB. Split "
          + "the scenarios into smaller features or chains, or make their states smaller"
      }
      let tail = connection.stderrTail()
      if !tail.isEmpty {
        text += "\n  runner stderr (last lines):\n" + tail.map { "    | " + $0 }.joined(separator: "\n")
      }
      // A runner that broke the protocol once is not trusted with the next target.
      return (TargetOutcome(target: target, result: .runnerFailed(text)), true)
    }
    switch reply {
    case .refused(let message) where ScenariosReply.isUnknownOp(message):
      return (
        TargetOutcome(target: target, result: .cannotRecord("it answered the scenarios op with '\(message)'")), false
      )
    case .refused(let message) where target.requestKey == "chain" && message.hasPrefix("unknown chain"):
      return (
        TargetOutcome(target: target, result: .notServedHere("the runner has no chain scenario of that name")), false
      )
    case .refused(let message):
      return (TargetOutcome(target: target, result: .scenarioFailed(message)), false)
    case .fixtures(let produced):
      var fixtures: [RecordedFixture] = []
      for fixture in produced {
        do {
          fixtures.append(try RecordedFixture.check(fixture, target: target))
        } catch {
          return (TargetOutcome(target: target, result: .scenarioFailed(error.description)), false)
        }
      }
      return (TargetOutcome(target: target, result: .compiled(fixtures)), false)
    }
  }

  /// A recording name may come from one target only; a later target that repeats it fails.
  static func refuseDuplicates(_ outcomes: [TargetOutcome]) -> [TargetOutcome] {
    var owners: [String: RecordTarget] = [:]
    var result: [TargetOutcome] = []
    for outcome in outcomes {
      guard let fixtures = outcome.fixtures else {
        result.append(outcome)
        continue
      }
      var clash: String?
      var names: [String: RecordTarget] = [:]
      for fixture in fixtures {
        if let other = owners[fixture.name] ?? names[fixture.name] {
          let who = other == outcome.target ? "twice" : "as \(other.display) does"
          clash =
            "\(outcome.target.display) produces the recording '\(fixture.name)' \(who); each recording comes from "
            + "one scenario path. Rename one of the scenarios or branches"
          break
        }
        names[fixture.name] = outcome.target
      }
      if let clash {
        result.append(TargetOutcome(target: outcome.target, result: .scenarioFailed(clash)))
      } else {
        owners.merge(names) { first, _ in first }
        result.append(outcome)
      }
    }
    return result
  }
}
