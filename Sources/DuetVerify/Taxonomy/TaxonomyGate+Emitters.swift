extension TaxonomyGate {
  /// For each recorded event name, the features whose recordings emit it; for each recorded verb,
  /// the features whose events use it: where a refused top-level `telemetry:` section's names
  /// belong in the per-feature form.
  var emitters: (events: [String: [String]], verbs: [String: [String]]) {
    var byEvent: [String: [String]] = [:]
    var byVerb: [String: Set<String>] = [:]
    for (name, record) in events {
      byEvent[name] = record.owners.sorted()
      byVerb[record.verb.token, default: []].formUnion(record.owners)
    }
    return (byEvent, byVerb.mapValues { $0.sorted() })
  }
}
