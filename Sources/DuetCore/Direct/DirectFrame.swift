/// A container the direct encoder has open: what it is, where its bytes start, its members.
struct DirectFrame {
  enum Kind {
    /// `{…}`: members are put in canonical key order when it closes.
    case object
    /// `[…]`.
    case array
    /// A sum's synthesized outer container, written as `{"case":` and then the case's name.
    case sumOuter
    /// A sum case's payload, written as `,"value":{…}` and made the envelope's `value` when it
    /// closes: dropped when empty, unwrapped when it is the single unlabelled `_0`.
    case sumPayload
  }

  /// Unique within one encoding; a container holds its frame's id, so a write through a closed
  /// container is seen (and is a miss).
  let id: Int
  let kind: Kind
  /// Where the frame's bytes start (its `{` or `[`; a payload's `,"value":{`).
  let start: Int
  /// Where its first member's bytes start (just after the `{`).
  let contentStart: Int
  /// The index of its first member in the writer's member stack.
  let firstMember: Int
  /// Members (or elements) written so far.
  var count = 0
}
