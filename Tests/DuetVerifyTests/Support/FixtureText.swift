import DuetCore

/// Small recordings in canonical pretty form, built in the test instead of copied.
enum FixtureText {
  static func counterState(_ count: Int64, auto: Bool = false) -> JSONValue {
    .object(["count": .integer(count), "isAutoIncrementing": .bool(auto)])
  }

  static func action(_ name: String, value: JSONValue? = nil) -> JSONValue {
    var fields: [String: JSONValue] = ["case": .string(name)]
    if let value { fields["value"] = value }
    return .object(fields)
  }

  /// A dialect-2 counter recording: increment, increment (count 2).
  static func counterTree(feature: String = "counter", secondCount: Int64 = 2) -> JSONValue {
    .object([
      "description": .string("two increments"), "dialect": .integer(2), "feature": .string(feature),
      "initialState": counterState(0),
      "scenario": .object(["source": .string("Tests/CounterScenario.swift")]),
      "steps": .array([
        .object([
          "action": action("increment"), "expectedEffects": .array([]), "expectedState": counterState(1),
          "label": .string("increment"), "line": .integer(10),
        ]),
        .object([
          "action": action("increment"), "expectedEffects": .array([]), "expectedState": counterState(secondCount),
          "label": .string("increment again"), "line": .integer(11),
        ]),
      ]),
    ])
  }

  static func counter(feature: String = "counter") -> String {
    (try? CanonicalWriter.pretty(counterTree(feature: feature))) ?? ""
  }

  /// A chain ping → pong with one seam.
  static func chainTree(nextCount: Int64 = 1) -> JSONValue {
    .object([
      "dialect": .integer(2),
      "initialStates": .object([
        "ping": .object(["sent": .integer(0)]), "pong": .object(["received": .integer(0)]),
      ]),
      "scenario": .object(["source": .string("Tests/ChainScenario.swift")]),
      "steps": .array([
        .object([
          "action": action("fire"),
          "expectedEffects": .array([
            .object([
              "kind": .string("run"),
              "payload": .object([
                "case": .string("notifyListener"), "value": .object(["count": .integer(1)]),
              ]),
            ])
          ]),
          "label": .string("fire"), "line": .integer(20), "linkToNext": .bool(true), "node": .string("ping"),
        ]),
        .object([
          "action": action("pingFired", value: .object(["count": .integer(nextCount)])),
          "expectedEffects": .array([]), "label": .string("the seam"), "line": .integer(21), "node": .string("pong"),
        ]),
      ]),
    ])
  }

  static func chain() -> String {
    (try? CanonicalWriter.pretty(chainTree())) ?? ""
  }
}
