/// A job's side of talking to a runner in any op: it asks for one request at a time and judges
/// each reply, never waiting itself, so a pool slot can keep several jobs' requests in flight on
/// one runner and pair each response line with the oldest unanswered request.
///
/// `verify` and `explain` only ever `reduce` and write `RunnerConversation`s, the shorthand for
/// that; `record` asks the `scenarios` op, whose reply is handed back unparsed (the op's shape is
/// the caller's business, not the protocol client's).
package protocol RunnerDialogue: Sendable {
  associatedtype Output: Sendable
  /// Starts (or restarts from scratch, on a fresh runner) against a runner that sent `handshake`.
  mutating func open(handshake: RunnerHandshake) -> DialogueMove<Output>
  /// Takes the answer to this dialogue's request in flight. Throws when the reply is not the shape
  /// its op gives (one line answered one request, so the runner stays in step and is kept); the job
  /// then ends as `fail` says, with the runner's stderr.
  mutating func take(_ reply: RunnerReply) throws(RunnerFault) -> DialogueMove<Output>
  /// The runner failed while it owed this dialogue an answer; the job ends with `fault`.
  mutating func fail(_ fault: RunnerFault, stderr: [String]) -> Output
}

/// What a dialogue wants next.
package enum DialogueMove<Output> {
  /// Send this request and hand its answer back.
  case send(RunnerRequest)
  /// Done, with this output.
  case finish(Output)
}

/// One request line.
package enum RunnerRequest: Sendable {
  /// `{"action":…,"feature":…,"op":"reduce","state":…}`, state and action as compact JSON text.
  case reduce(feature: String, state: String, action: String)
  /// The same request with state and action as their compact UTF-8 bytes (a recording's texts are
  /// slices of its one shared buffer, so sending them makes no string).
  case reduceBytes(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>)
  /// Another op's request line (newline included), whose reply may be as long as the bulk cap
  /// (`RunnerLimits.bulkLineLimit`): one feature's recordings travel in one line.
  case op([UInt8])
}

/// The answer to one request.
package enum RunnerReply: Sendable {
  /// A `reduce` reply, read.
  case reduce(ReduceReply)
  /// A `reduce` reply as its line (not blank), not read yet: `ReduceResponse.parse` reads it, and
  /// `ResponseScanner.matches` compares it with the expected texts without reading it into
  /// strings. Only a `PooledDialogue` sees this form; a `RunnerDialogue` is given `.reduce`.
  case reduceLine([UInt8])
  /// Another op's reply line, as sent.
  case op([UInt8])
}
