import DuetRunner

/// One target's `scenarios` request, as the runner pool drives it: asked only of a runner that
/// advertises the record capability and (for a feature) serves it, then the reply judged.
///
/// The pool owns the runner (timeouts, restarts, stream integrity); this owns what the op means for
/// `record`, so a compilation is one more job on the engine `verify` uses.
final class ScenarioConversation: RunnerJob {
  /// The capability a runner advertises when it answers the `scenarios` op.
  static let capability = "record"

  let target: RecordTarget
  /// Where the outcome goes, under this target's index.
  private let index: Int
  private let outcomes: JobOutputs<TargetOutcome>

  init(target: RecordTarget, index: Int, outcomes: JobOutputs<TargetOutcome>) {
    self.target = target
    self.index = index
    self.outcomes = outcomes
  }

  func open(handshake: RunnerHandshake) -> RunnerRequest? {
    guard handshake.capabilities.contains(Self.capability) else {
      return finish(outcome(.cannotRecord("it does not advertise the record capability")))
    }
    if case .feature(let name) = target, !handshake.features.contains(name) {
      return finish(outcome(.notServedHere("the runner does not serve feature '\(name)'")))
    }
    return .op(ScenariosReply.request(for: target))
  }

  func take(_ line: [UInt8]) throws(RunnerFault) -> RunnerRequest? {
    switch try ScenariosReply.parse(line) {
    case .refused(let message) where ScenariosReply.isUnknownOp(message):
      return finish(outcome(.cannotRecord("it answered the scenarios op with '\(message)'")))
    case .refused(let message) where target.requestKey == "chain" && message.hasPrefix("unknown chain"):
      return finish(outcome(.notServedHere("the runner has no chain scenario of that name")))
    case .refused(let message):
      return finish(outcome(.scenarioFailed(message)))
    case .fixtures(let produced):
      var fixtures: [RecordedFixture] = []
      for fixture in produced {
        do {
          fixtures.append(try RecordedFixture.check(fixture, target: target))
        } catch {
          return finish(outcome(.scenarioFailed(error.description)))
        }
      }
      return finish(outcome(.compiled(fixtures)))
    }
  }

  /// The runner failed (crashed, hung, or sent a reply that is not the op's shape) while compiling.
  func fail(_ fault: RunnerFault, stderr: [String]) {
    var text = "\(target.display): \(fault.description) while compiling its scenarios"
    if case .lineTooLong(let limit) = fault {
      text =
        "\(target.display): the runner's scenarios reply passed \(limit >> 20) MiB without ending its line, so it "
        + "was not read; one target's recordings travel in one reply line of at most \(limit >> 20) MiB. Split "
        + "the scenarios into smaller features or chains, or make their states smaller"
    }
    if !stderr.isEmpty {
      text += "\n  runner stderr (last lines):\n" + stderr.map { "    | " + $0 }.joined(separator: "\n")
    }
    finish(outcome(.runnerFailed(text)))
  }

  /// No runner could be started.
  func abandon(_ error: RunnerStartError) {
    finish(outcome(.runnerFailed(error.description)))
  }

  func outcome(_ result: TargetOutcome.Result) -> TargetOutcome {
    TargetOutcome(target: target, result: result)
  }

  /// Settles with `outcome`; no request follows.
  @discardableResult
  private func finish(_ outcome: TargetOutcome) -> RunnerRequest? {
    outcomes.store(index, outcome)
    return nil
  }
}
