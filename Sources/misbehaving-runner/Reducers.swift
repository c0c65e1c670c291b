import DuetCore

/// Tiny reducers over raw JSON trees (counter, ping, pong), enough to replay small recordings
/// correctly before a fault is injected.
enum Reducers {
  static func reduce(feature: String, state: JSONValue, action: JSONValue) -> (state: JSONValue, effects: [JSONValue])?
  {
    guard case .object(var fields) = state, case .string(let name)? = action["case"] else { return nil }
    var effects: [JSONValue] = []
    switch (feature, name) {
    case ("counter", "increment"): fields["count"] = .integer((fields["count"]?.integerValue ?? 0) + 1)
    case ("counter", "decrement"): fields["count"] = .integer((fields["count"]?.integerValue ?? 0) - 1)
    case ("counter", "tick"):
      if fields["isAutoIncrementing"] == .bool(true) {
        fields["count"] = .integer((fields["count"]?.integerValue ?? 0) + 1)
      }
    case ("counter", "toggleAutoIncrement"):
      let on = fields["isAutoIncrementing"] != .bool(true)
      fields["isAutoIncrementing"] = .bool(on)
      effects.append(
        on
          ? .object([
            "id": .string("counter.ticker"), "kind": .string("run"),
            "payload": .object(["case": .string("startTicker")]),
          ])
          : .object(["id": .string("counter.ticker"), "kind": .string("cancel")]))
    case ("ping", "fire"):
      let sent = (fields["sent"]?.integerValue ?? 0) + 1
      fields["sent"] = .integer(sent)
      effects.append(
        .object([
          "kind": .string("run"),
          "payload": .object(["case": .string("notifyListener"), "value": .object(["count": .integer(sent)])]),
        ]))
    case ("pong", "pingFired"): fields["received"] = .integer((fields["received"]?.integerValue ?? 0) + 1)
    default: return nil
    }
    return (.object(fields), effects)
  }
}
