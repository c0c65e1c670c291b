import DuetCore
import Foundation
import XCTest

@testable import DuetRunner

/// A test double that takes each request as its text: a `reduce` request's action, another op's line.
protocol TextRequestConnection: PipelinedConnection {
  /// Queues one request's text; true when it counts as written now.
  func queue(_ text: String) throws(RunnerFault) -> Bool
}

extension TextRequestConnection {
  func send(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>) throws(RunnerFault) -> Bool {
    try queue(String(decoding: action, as: UTF8.self))
  }

  func send(op line: [UInt8]) throws(RunnerFault) -> Bool {
    try queue(String(decoding: line, as: UTF8.self))
  }
}

/// An in-memory runner that pipelines like a process: requests queue up on `send` and are answered
/// strictly in order on `receiveReduce`, by a script (its replies written as a runner writes them). A scripted losing fault kills it: from then
/// on every call fails, and `buffered` holds the answers it "wrote" before going.
final class ScriptedRunner: TextRequestConnection, @unchecked Sendable {
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

  /// Each request counts as written when sent (true). An op's line is scripted like an action (its
  /// text); an `.answer` reply's state is the line sent back.
  func queue(_ action: String) throws(RunnerFault) -> Bool {
    if let dead { throw dead }
    inbox.append(action)
    mostInFlight = max(mostInFlight, inbox.count)
    return true
  }

  func receiveOpReply(deadline: Deadline) throws(RunnerFault) -> [UInt8] {
    switch try scripted() {
    case .answer(let state, _): return Array(state.utf8)
    case .refused(let message): return Array(#"{"error":"\#(message)"}"#.utf8)
    }
  }

  func receiveReduce(deadline: Deadline) throws(RunnerFault) -> [UInt8] { try scripted().line }

  /// The script's answer to the oldest request.
  private func scripted() throws(RunnerFault) -> ReduceReply {
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

  func bufferedReply() -> Result<[UInt8], RunnerFault>? {
    buffered.isEmpty ? nil : .success(buffered.removeFirst().line)
  }

  func reduce(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>) throws(RunnerFault) -> [UInt8] {
    _ = try send(feature: feature, state: state, action: action)
    return try receiveReduce(deadline: Deadline(after: 1))
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

  /// Runners that echo every action but `action`, on which each fails with `fault`.
  static func failing(_ action: String, with fault: RunnerFault, failingStarts: Set<Int> = []) -> ScriptedLauncher {
    ScriptedLauncher(failingStarts: failingStarts) { _, sent in
      sent == action ? .failure(fault) : .success(.answer(state: sent, effects: "[]"))
    }
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
/// action; its output is `"<job>: ok"` or what went wrong, stored under its job index.
final class EchoJob: RunnerJob {
  let job: Int
  let steps: Int
  let outputs: JobOutputs<String>
  let onOutput: @Sendable (String) -> Void
  /// Bytes added to every action (a large request).
  let padding: Int
  var step = 0

  init(
    job: Int, steps: Int, outputs: JobOutputs<String>, padding: Int = 0,
    onOutput: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.job = job
    self.steps = steps
    self.outputs = outputs
    self.padding = padding
    self.onOutput = onOutput
  }

  var request: RunnerRequest { .reduce(feature: "job", state: ArraySlice("{}".utf8), action: ArraySlice(action.utf8)) }
  var action: String { "j\(job)s\(step)" + String(repeating: "x", count: padding) }

  func open(handshake: RunnerHandshake) -> RunnerRequest? {
    step = 0
    return steps == 0 ? settle("ok") : request
  }

  func take(_ reply: [UInt8]) throws(RunnerFault) -> RunnerRequest? {
    guard case .answer(let state, _) = try ReduceResponse.parse(reply), state == action else {
      return settle("wrong answer")
    }
    step += 1
    return step == steps ? settle("ok") : request
  }

  func fail(_ fault: RunnerFault, stderr: [String]) { settle("\(fault) at step \(step)") }
  func abandon(_ error: RunnerStartError) { settle("abandoned") }

  @discardableResult
  func settle(_ what: String) -> RunnerRequest? {
    outputs.store(job, "\(job): \(what)")
    onOutput("\(job): \(what)")
    return nil
  }
}

/// A pool run's outputs in job order, beside its figures.
struct CollectedRun {
  var outputs: [String]
  var run: PoolRun
  var slots: Int { run.slots }
  var runnersStarted: Int { run.runnersStarted }
  var startFailures: [RunnerStartError] { run.startFailures }
}

extension RunnerPool {
  /// Runs `jobs` jobs made by `prepare` (which may instead store an output itself and return
  /// `nil`), and gathers their outputs in job order.
  func collect(
    jobs: Int, depth: Int, timeout: Double? = 5,
    prepare: @escaping @Sendable (Int, JobOutputs<String>) -> (any RunnerJob)?
  ) -> CollectedRun {
    let outputs = JobOutputs<String>(count: jobs)
    let run = runPipelined(jobCount: jobs, depth: depth, timeout: timeout) { prepare($0, outputs) }
    return CollectedRun(outputs: outputs.inOrder(), run: run)
  }
}

extension ReduceReply {
  /// The reply's line, as a runner writes it.
  var line: [UInt8] {
    switch self {
    case .answer(let state, let effects):
      return Array(#"{"effects":\#(CanonicalWriter.quoted(effects)),"state":\#(CanonicalWriter.quoted(state))}"#.utf8)
    case .refused(let message): return Array(#"{"error":\#(CanonicalWriter.quoted(message))}"#.utf8)
    }
  }
}
