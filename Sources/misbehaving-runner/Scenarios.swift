import DuetCore

/// Canned answers to the `scenarios` op: one small, well-formed recording per feature or chain,
/// deliberately different from what the demo runner records, so a test can tell whether `record`
/// wrote anything.
enum Scenarios {
  /// `{"fixtures":[…]}` for a feature (a one-step counter-shaped recording) or a chain.
  /// With `malformedTrack`, the feature's step emits a track effect whose event has no verb.
  static func canned(feature: String?, chain: String?, padding: Int = 0, malformedTrack: Bool = false) -> String {
    let name: String
    var document: JSONValue
    if let feature {
      name = feature
      document = .object([
        "dialect": .integer(2), "feature": .string(feature), "initialState": .object(["count": .integer(0)]),
        "steps": .array([
          .object([
            "action": .object(["case": .string("increment")]),
            "expectedEffects": .array(malformedTrack ? [Self.trackWithoutVerb] : []),
            "expectedState": .object(["count": .integer(1)]), "label": .string("canned"), "line": .integer(1),
          ])
        ]),
      ])
    } else {
      name = chain ?? "chain-canned"
      document = .object([
        "dialect": .integer(2), "initialStates": .object(["pong": .object(["received": .integer(0)])]),
        "steps": .array([
          .object([
            "action": .object(["case": .string("pingFired")]), "expectedEffects": .array([]), "node": .string("pong"),
          ])
        ]),
      ])
    }
    if padding > 0, case .object(var fields) = document {
      fields["description"] = .string(String(repeating: "a", count: padding))
      document = .object(fields)
    }
    let reply = JSONValue.object(["fixtures": .array([.object(["document": document, "name": .string(name)])])])
    return (try? CanonicalWriter.compact(reply)) ?? "{}"
  }

  /// A `track` effect whose event lacks its verb (the taxonomy refuses it).
  static let trackWithoutVerb = JSONValue.object([
    "kind": .string("run"),
    "payload": .object([
      "case": .string("track"),
      "value": .object(["event": .object(["params": .array([]), "subject": .string("Counter")])]),
    ]),
  ])

  /// What a runner answers when a Then fails while compiling: the label and the line.
  static let failedThen =
    "{\"error\":\"Then 'the count is one' (Sources/Demo/CounterScenario.swift:12) returned false against the state "
    + "after step 0 'increment': {\\\"count\\\":2}. Nothing was recorded; fix the reducer or the Then, then record again.\"}"
}
