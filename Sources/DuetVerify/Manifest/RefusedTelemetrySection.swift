/// A top-level `telemetry:` section the reader refused, kept as data so that the error, once the
/// recordings are read, can show each event under the feature whose recordings emit it.
///
/// The duet CLI rejects the section, so the fix is always the per-feature form; naming the
/// feature (rather than a placeholder) turns the error into text a user can paste.
struct RefusedTelemetrySection: Equatable, Sendable {
  /// The line of `telemetry:`.
  var line: Int
  /// The event names the section declared, in file order.
  var events: [String]
  /// The verbs the section minted, in file order.
  var verbs: [String]

  /// The stand-in feature name for declarations no recording accounts for.
  static let unknownEmitter = "<feature that emits it>"

  /// The error: the rule, then the per-feature form. `emitters` gives, for each event name, the
  /// features whose recordings emit it; `minters` gives, for each verb, the features whose recorded
  /// events use it. What neither names goes under ``unknownEmitter``.
  func message(emitters: [String: [String]] = [:], minters: [String: [String]] = [:]) -> String {
    var owners: [String] = []
    var seen: Set<String> = []
    var eventsByOwner: [String: [String]] = [:]
    var verbsByOwner: [String: [String]] = [:]
    func place(_ name: String, under features: [String]?, into table: inout [String: [String]]) {
      for feature in features.flatMap({ $0.isEmpty ? nil : $0 }) ?? [Self.unknownEmitter] {
        if seen.insert(feature).inserted { owners.append(feature) }
        table[feature, default: []].append(name)
      }
    }
    for event in events.isEmpty ? ["Session Signed In"] : events {
      place(event, under: emitters[event]?.sorted(), into: &eventsByOwner)
    }
    for verb in verbs { place(verb, under: minters[verb]?.sorted(), into: &verbsByOwner) }
    var lines = [
      "a top-level telemetry: section is not allowed: the duet CLI reads this manifest too and rejects any top-level "
        + "key but replayRunner, features, chains, presentation and mocks. Declare each event under the feature "
        + "whose reducer emits it (events:), and each minted verb under the feature that mints it (verbs:):",
      "  features:",
    ]
    // Known features first (as the recordings name them), the stand-in last.
    let ordered = owners.filter { $0 != Self.unknownEmitter } + owners.filter { $0 == Self.unknownEmitter }
    for owner in ordered {
      lines.append("    \(owner.printable):")
      if let names = eventsByOwner[owner] {
        lines.append("      events:")
        lines += names.map { "        - \($0.printable)" }
      }
      if let names = verbsByOwner[owner] {
        lines.append("      verbs:")
        lines += names.map { "        - \($0.printable)" }
      }
    }
    return lines.joined(separator: "\n")
  }
}
