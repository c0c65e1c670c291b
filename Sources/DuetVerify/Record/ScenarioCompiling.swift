import DuetRunner

/// A runner conversation that can also answer the `scenarios` op.
///
/// Kept beside `RunnerConnection` rather than in it: `verify` never compiles scenarios, and a
/// runner that cannot record is still a complete runner for `verify`.
protocol ScenarioCompiling: AnyObject {
  /// Sends `{"op":"scenarios",…}` for `target` and waits up to `timeout` seconds for the answer.
  func scenarios(_ target: RecordTarget, timeout: Double) throws(RunnerFault) -> ScenariosReply
}

extension ProcessRunnerConnection: ScenarioCompiling {
  func scenarios(_ target: RecordTarget, timeout: Double) throws(RunnerFault) -> ScenariosReply {
    let deadline = Deadline(after: timeout)
    try send(ScenariosReply.request(for: target), deadline: deadline)
    // One feature's recordings travel in one line: the bulk cap, not the per-reply one.
    return try ScenariosReply.parse(try receive(deadline: deadline, cap: bulkLineLimit))
  }
}
