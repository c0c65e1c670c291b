extension JSONValue {
  /// True when `part` equals this value or a value nested anywhere inside it (any depth, any
  /// object member or array element).
  ///
  /// A chain seam's promise is embedding, not equality: a parent receives a child's delegate event
  /// wrapped in its own case (`{"case":"splash","value":{"event":<event>}}`), or bare as its
  /// action's value (a relay). Both the scenario compiler and the verifier ask this one question.
  /// Trees compare structurally, which is canonical equality for every value the dialect allows.
  public func embeds(_ part: JSONValue) -> Bool {
    if self == part { return true }
    switch self {
    case .object(let members): return members.values.contains { $0.embeds(part) }
    case .array(let elements): return elements.contains { $0.embeds(part) }
    default: return false
    }
  }
}
