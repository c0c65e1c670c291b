import DuetCore
import DuetRunner

@testable import DuetVerify

/// An in-memory runner that answers the scenarios op with a closure (and refuses reduce).
final class FakeScenarioRunner: RunnerConnection, ScenarioCompiling {
  typealias Answer = (RecordTarget) throws(RunnerFault) -> ScenariosReply

  let handshake: RunnerHandshake
  let answer: Answer
  private(set) var asked: [RecordTarget] = []

  init(capabilities: [String] = ["record"], answer: @escaping Answer) {
    handshake = RunnerHandshake(features: ["counter", "lamp"], capabilities: capabilities)
    self.answer = answer
  }

  func scenarios(_ target: RecordTarget, timeout: Double) throws(RunnerFault) -> ScenariosReply {
    asked.append(target)
    return try answer(target)
  }

  func reduce(feature: String, state: String, action: String) throws(RunnerFault) -> ReduceReply {
    .refused("not a reducer")
  }

  func stderrTail() -> [String] { ["fake: last words"] }
  func close() {}
  func kill() {}

  /// One counter-shaped recording named after a feature target; the chain fixture for a chain.
  static func oneEach(_ target: RecordTarget) -> ScenariosReply {
    switch target {
    case .feature(let name):
      return .fixtures([ProducedFixture(name: name, document: FixtureText.counterTree(feature: name))])
    case .chain(let name):
      return .fixtures([ProducedFixture(name: name, document: FixtureText.chainTree())])
    }
  }
}
