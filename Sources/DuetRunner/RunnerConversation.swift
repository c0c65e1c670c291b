/// A job's side of a conversation with a runner: it asks for one `reduce` at a time and judges each
/// reply, never waiting itself.
///
/// That is what lets a pool slot keep several jobs' requests in flight on one runner (pipelining):
/// the protocol answers strictly in order, so the slot pairs each response line with the oldest
/// unanswered request and hands it to that request's conversation.
package protocol RunnerConversation: Sendable {
  associatedtype Output: Sendable
  /// Starts (or restarts from scratch, on a fresh runner) against a runner that sent `handshake`.
  mutating func begin(handshake: RunnerHandshake) -> ConversationMove<Output>
  /// Takes the answer to this conversation's request in flight.
  mutating func receive(_ reply: ReduceReply) -> ConversationMove<Output>
  /// The runner failed while it owed this conversation an answer; the job ends with `fault`.
  mutating func fail(_ fault: RunnerFault, stderr: [String]) -> Output
}

/// What a conversation wants next.
package enum ConversationMove<Output> {
  /// Send this request and hand its answer back.
  case reduce(feature: String, state: String, action: String)
  /// Done, with this output.
  case finish(Output)
}
