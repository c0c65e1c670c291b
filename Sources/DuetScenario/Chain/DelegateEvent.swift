import DuetCore

/// Finds the delegate event a step sent up: its last `notifyListener` payload's value.
///
/// Found on the canonical tree, not on Swift types, so it works for every feature alike: the last
/// `run` effect whose payload is `{"case":"notifyListener","value":V}` carries V.
enum DelegateEvent {
  /// The event and its index in the effects array, or nil when the step emitted none.
  static func last(in effects: JSONValue) -> (value: JSONValue, index: Int)? {
    guard case .array(let elements) = effects else { return nil }
    for index in elements.indices.reversed() {
      guard case .object(let effect) = elements[index], effect["kind"] == .string("run"),
        case .object(let payload)? = effect["payload"], payload["case"] == .string("notifyListener"),
        let value = payload["value"]
      else { continue }
      return (value, index)
    }
    return nil
  }
}
