/// A `RunnerDialogue` value as a `PooledDialogue`: it emits the conversation's output under its
/// job index.
final class BoxedDialogue<Conversation: RunnerDialogue>: PooledDialogue {
  let index: Int
  var conversation: Conversation
  let emit: @Sendable (Int, Conversation.Output) -> Void
  let abandonment: @Sendable (Conversation, RunnerStartError) -> Conversation.Output

  init(
    _ conversation: Conversation, index: Int, emit: @escaping @Sendable (Int, Conversation.Output) -> Void,
    abandon: @escaping @Sendable (Conversation, RunnerStartError) -> Conversation.Output
  ) {
    self.conversation = conversation
    self.index = index
    self.emit = emit
    abandonment = abandon
  }

  func open(handshake: RunnerHandshake) -> RunnerRequest? {
    request(conversation.open(handshake: handshake))
  }

  func take(_ reply: RunnerReply) throws(RunnerFault) -> RunnerRequest? {
    if case .reduceLine(let line) = reply {
      return request(try conversation.take(.reduce(try ReduceResponse.parse(line))))
    }
    return request(try conversation.take(reply))
  }

  func fail(_ fault: RunnerFault, stderr: [String]) {
    emit(index, conversation.fail(fault, stderr: stderr))
  }

  func abandon(_ error: RunnerStartError) {
    emit(index, abandonment(conversation, error))
  }

  private func request(_ move: DialogueMove<Conversation.Output>) -> RunnerRequest? {
    switch move {
    case .send(let request): return request
    case .finish(let output):
      emit(index, output)
      return nil
    }
  }
}
