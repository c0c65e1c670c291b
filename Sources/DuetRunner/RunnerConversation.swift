/// A dialogue that only ever sends `reduce` (every replay): it asks for one `reduce` at a time and
/// judges each reply, never waiting itself.
///
/// That is what lets a pool slot keep several jobs' requests in flight on one runner (pipelining):
/// the protocol answers strictly in order, so the slot pairs each response line with the oldest
/// unanswered request and hands it to that request's conversation.
package protocol RunnerConversation: RunnerDialogue {
  /// Starts (or restarts from scratch, on a fresh runner) against a runner that sent `handshake`.
  mutating func begin(handshake: RunnerHandshake) -> ConversationMove<Output>
  /// Takes the answer to this conversation's request in flight.
  mutating func receive(_ reply: ReduceReply) -> ConversationMove<Output>
}

/// What a conversation wants next.
package enum ConversationMove<Output> {
  /// Send this request and hand its answer back.
  case reduce(feature: String, state: String, action: String)
  /// Done, with this output.
  case finish(Output)
}

extension RunnerConversation {
  package mutating func open(handshake: RunnerHandshake) -> DialogueMove<Output> {
    Self.dialogue(begin(handshake: handshake))
  }

  package mutating func take(_ reply: RunnerReply) throws(RunnerFault) -> DialogueMove<Output> {
    switch reply {
    case .reduce(let answer): return Self.dialogue(receive(answer))
    case .reduceLine(let line): return Self.dialogue(receive(try ReduceResponse.parse(line)))
    case .op: throw .notJSONObject(reason: .anotherOp, preview: "")
    }
  }

  static func dialogue(_ move: ConversationMove<Output>) -> DialogueMove<Output> {
    switch move {
    case .reduce(let feature, let state, let action):
      return .send(.reduce(feature: feature, state: state, action: action))
    case .finish(let output): return .finish(output)
    }
  }
}
