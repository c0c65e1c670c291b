import Foundation
import XCTest

@testable import DuetRunner

/// An in-memory runner that pipelines like a process: requests queue up on `send` and are answered
/// strictly in order on `receiveReply`, by a script. A scripted losing fault kills it: from then
/// on every call fails, and `buffered` holds the answers it "wrote" before going.
final class ScriptedRunner: PipelinedConnection, @unchecked Sendable {
  typealias Script = (_ action: String) -> Result<ReduceReply, RunnerFault>

  let handshake = RunnerHandshake(features: ["job"])
  let script: Script
  private(set) var inbox: [String] = []
  private(set) var mostInFlight = 0
  private(set) var dead: RunnerFault?
  /// Answers that made it out before a loss, delivered by `bufferedReply`.
  var buffered: [ReduceReply] = []
  private(set) var closed = false

  /// Answers that "made it out" before a loss on the given action.
  let bufferedOnLoss: [String: [ReduceReply]]

  init(bufferedOnLoss: [String: [ReduceReply]] = [:], script: @escaping Script) {
    self.bufferedOnLoss = bufferedOnLoss
    self.script = script
  }

  /// Each request counts as written when sent (true).
  func send(feature: String, state: String, action: String) throws(RunnerFault) -> Bool {
    if let dead { throw dead }
    inbox.append(action)
    mostInFlight = max(mostInFlight, inbox.count)
    return true
  }

  /// An op's line is scripted like an action (its text); an `.answer` reply's state is the line sent back.
  func send(op line: [UInt8]) throws(RunnerFault) -> Bool {
    try send(feature: "", state: "", action: String(decoding: line, as: UTF8.self))
  }

  func receiveOpReply(deadline: Deadline) throws(RunnerFault) -> [UInt8] {
    switch try receiveReply(deadline: deadline) {
    case .answer(let state, _): return Array(state.utf8)
    case .refused(let message): return Array(#"{"error":"\#(message)"}"#.utf8)
    }
  }

  func receiveReply(deadline: Deadline) throws(RunnerFault) -> ReduceReply {
    if let dead { throw dead }
    guard !inbox.isEmpty else { throw .timedOut(seconds: 1) }
    let action = inbox.removeFirst()
    switch script(action) {
    case .success(let reply): return reply
    case .failure(let fault):
      if fault.losesRunner {
        dead = fault
        buffered = bufferedOnLoss[action] ?? []
      }
      throw fault
    }
  }

  func bufferedReply() -> Result<ReduceReply, RunnerFault>? {
    buffered.isEmpty ? nil : .success(buffered.removeFirst())
  }

  func reduce(feature: String, state: String, action: String) throws(RunnerFault) -> ReduceReply {
    _ = try send(feature: feature, state: state, action: action)
    return try receiveReply(deadline: Deadline(after: 1))
  }

  func stderrTail() -> [String] { ["scripted stderr"] }
  func close() { closed = true }
  func kill() { closed = true }
}

/// Starts scripted runners (the script gets the runner's start number too) and remembers them.
final class ScriptedLauncher: RunnerLauncher, @unchecked Sendable {
  let lock = NSLock()
  let script: (_ start: Int, _ action: String) -> Result<ReduceReply, RunnerFault>
  let failingStarts: Set<Int>
  let bufferedOnLoss: [String: [ReduceReply]]
  private(set) var runners: [ScriptedRunner] = []
  private var starts = 0
  /// Signalled once per start attempt.
  let attempted = DispatchSemaphore(value: 0)

  init(
    failingStarts: Set<Int> = [], bufferedOnLoss: [String: [ReduceReply]] = [:],
    script: @escaping (_ start: Int, _ action: String) -> Result<ReduceReply, RunnerFault> = { _, action in
      .success(.answer(state: action, effects: "[]"))
    }
  ) {
    self.failingStarts = failingStarts
    self.bufferedOnLoss = bufferedOnLoss
    self.script = script
  }

  func launch() throws(RunnerStartError) -> any RunnerConnection {
    let number = lock.withLock {
      defer { starts += 1 }
      return starts
    }
    defer { attempted.signal() }
    if failingStarts.contains(number) {
      throw RunnerStartError(command: "scripted", fault: .exited(.status(1)), stderr: [])
    }
    let script = self.script
    let runner = ScriptedRunner(bufferedOnLoss: bufferedOnLoss) { script(number, $0) }
    lock.withLock { runners.append(runner) }
    return runner
  }
}

/// A job that sends `steps` requests (`j<job>s<step>`) and expects each reply's state to echo the
/// action; its output is `"<job>: ok"` or what went wrong.
struct EchoConversation: RunnerConversation {
  let job: Int
  let steps: Int
  var step = 0

  init(job: Int, steps: Int) {
    self.job = job
    self.steps = steps
  }

  var action: String { "j\(job)s\(step)" }

  mutating func begin(handshake: RunnerHandshake) -> ConversationMove<String> {
    step = 0
    return steps == 0 ? .finish("\(job): ok") : .reduce(feature: "job", state: "{}", action: action)
  }

  mutating func receive(_ reply: ReduceReply) -> ConversationMove<String> {
    guard case .answer(let state, _) = reply, state == action else { return .finish("\(job): wrong answer") }
    step += 1
    return step == steps ? .finish("\(job): ok") : .reduce(feature: "job", state: "{}", action: action)
  }

  mutating func fail(_ fault: RunnerFault, stderr: [String]) -> String {
    "\(job): \(fault) at step \(step)"
  }
}

extension RunnerReply {
  /// The reply's line, for previews.
  var line: [UInt8] {
    switch self {
    case .op(let line), .reduceLine(let line): return line
    case .reduce: return []
    }
  }
}
