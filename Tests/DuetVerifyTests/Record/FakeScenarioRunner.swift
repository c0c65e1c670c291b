import DuetCore
import DuetRunner

@testable import DuetVerify

/// An in-memory runner that answers the scenarios op with a closure (and refuses reduce).
final class FakeScenarioRunner: RunnerConnection, @unchecked Sendable {
  typealias Answer = (RecordTarget) throws(RunnerFault) -> ScenariosReply

  let handshake: RunnerHandshake
  let answer: Answer
  private(set) var asked: [RecordTarget] = []

  init(capabilities: [String] = ["record"], answer: @escaping Answer) {
    handshake = RunnerHandshake(features: ["counter", "lamp"], capabilities: capabilities)
    self.answer = answer
  }

  private(set) var killed = false

  /// Reads the `scenarios` request line back into its target, and writes the scripted answer as the
  /// runner would.
  func ask(_ line: [UInt8]) throws(RunnerFault) -> [UInt8] {
    guard let request = try? JSONParser().parse(line), case .string(let name)? = request["feature"] ?? request["chain"]
    else { return Array(#"{"error":"malformed request"}"#.utf8) }
    let target: RecordTarget = request["feature"] != nil ? .feature(name) : .chain(name)
    asked.append(target)
    let reply: JSONValue
    switch try answer(target) {
    case .refused(let message): reply = .object(["error": .string(message)])
    case .fixtures(let fixtures):
      reply = .object([
        "fixtures": .array(fixtures.map { .object(["document": $0.document, "name": .string($0.name)]) })
      ])
    }
    return (try? CanonicalWriter.compactBytes(reply)) ?? []
  }

  func reduce(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>) throws(RunnerFault) -> [UInt8] {
    Array(#"{"error":"not a reducer"}"#.utf8)
  }

  func stderrTail() -> [String] { ["fake: last words"] }
  func close() {}
  func kill() { killed = true }

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
