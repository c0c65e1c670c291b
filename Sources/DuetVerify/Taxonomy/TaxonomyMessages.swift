import DuetTelemetry

/// Every sentence the taxonomy gate writes, in one place so their wording can be read together.
///
/// Each says what is wrong, where (fixture, step and JSON path, or the manifest line) and what to
/// do next. Recorded string values are never echoed: a finding may be about personal data.
enum TaxonomyMessages {
  static func malformed(_ reason: String, at location: RecordingLocation) -> String {
    "\(location.sentencePrefix): malformed track envelope: \(reason.printable). A track effect is "
      + #"{"kind":"run","payload":{"case":"track","value":{"event":{"params":[…],"subject":…,"verb":…}}}}"#
      + "; emit it with Effect.track(_:) and re-record the fixture."
  }

  static func undeclared(
    _ name: String, sighting: Sighting, fixtures: Int, emitter: String?, manifest: String
  ) -> String {
    "\(sighting.first.sentencePrefix): the event '\(name.printable)' is not declared "
      + "(recorded \(times(sighting.count)) in \(count(fixtures, "fixture"))); adding an event is a taxonomy decision: "
      + "declare it in \(manifest) under the events: of \(emitter.map { "feature '\($0)'" } ?? "the feature that emits it")."
  }

  static func neverRecorded(_ entry: ManifestEntry, manifest: String) -> String {
    "\(manifest):\(entry.line): the event '\(entry.name)' is declared but never recorded: no recording emits it; "
      + "record a scenario that emits it, or remove it from that feature's events:."
  }

  static func emittedByNonDeclarer(
    _ name: String, emitter: String, declarers: [String], lines: [Int], at location: RecordingLocation,
    manifest: String
  ) -> String {
    let declaredBy = declarers.joined(separator: " and ")
    let at = lines.map { "\(manifest):\($0)" }.joined(separator: ", ")
    return
      "\(location.sentencePrefix): the event '\(name.printable)' is emitted by \(emitter), declared by \(declaredBy) (\(at)); "
      + "each event is declared by the feature whose reducer emits it: add it to the events: of feature '\(emitter)' "
      + "(and remove it from \(declaredBy)'s if \(declarers.count == 1 ? "that feature no longer emits" : "they no longer emit") it)."
  }

  /// The hint when no feature declares any event: each event under the feature that emits it (the
  /// recordings' owners), with the verbs its events mint.
  static func missingSection(
    events: [(owner: String, events: [String], verbs: [String])], first: RecordingLocation, manifest: String
  ) -> String {
    let total = events.reduce(0) { $0 + $1.events.count }
    var lines = [
      "the recordings emit \(count(total, "event")) (first at \(first.sentencePrefix)) but no feature in "
        + "\(manifest) declares any; declare each under the feature whose reducer emits it:",
      "  features:",
    ]
    for feature in events {
      lines.append("    \(feature.owner.printable):")
      lines.append("      events:")
      lines += feature.events.map { "        - \($0.printable)" }
      if !feature.verbs.isEmpty {
        lines.append("      verbs:")
        lines += feature.verbs.map { "        - \($0.printable)" }
      }
    }
    return lines.joined(separator: "\n")
  }

  static func unknownVerb(_ verb: String, sighting: Sighting, manifest: String) -> String {
    "\(sighting.first.sentencePrefix): the verb '\(verb.printable)' (event '\(sighting.event.printable)') is neither a starter verb nor "
      + "minted in \(manifest)\(sighting.moreSuffix); use a starter verb if one names the act ("
      + TrackedVerb.starters.map(\.token).joined(separator: ", ")
      + "), otherwise mint it under verbs: of the feature that emits it."
  }

  static func unusedMintedVerb(_ entry: ManifestEntry, manifest: String) -> String {
    "\(manifest):\(entry.line): the minted verb '\(entry.name)' is used by no recorded event; "
      + "remove it from that feature's verbs:, or record the event it was minted for."
  }

  static func redundantMintedVerb(_ entry: ManifestEntry, manifest: String) -> String {
    "\(manifest):\(entry.line): the verb '\(entry.name)' is a starter verb and needs no minting; "
      + "remove it from that feature's verbs:."
  }

  static func notSnakeCase(_ key: String, sighting: Sighting) -> String {
    "\(sighting.first.sentencePrefix): the parameter key '\(key.printable)' of event '\(sighting.event.printable)' is not snake_case"
      + "\(sighting.moreSuffix); rename it '\(SnakeCase.suggestion(for: key))' in the emitting reducer and re-record."
  }

  static func duplicateKey(_ key: String, sighting: Sighting) -> String {
    "\(sighting.first.sentencePrefix): the event '\(sighting.event.printable)' carries the parameter key '\(key.printable)' more than once"
      + "\(sighting.moreSuffix); a vendor's property bag keeps only the last, so give each parameter its own key."
  }

  static func shapeChanged(
    _ name: String, signature: ParamSignature, sighting: Sighting, reference: ParamSignature,
    referenceSighting: Sighting
  ) -> String {
    "\(sighting.first.sentencePrefix): the event '\(name.printable)' carries \(String(describing: signature).printable)\(sighting.moreSuffix), but "
      + "\(String(describing: reference).printable) at \(referenceSighting.first.shortName) (\(times(referenceSighting.count))); the same event must "
      + "always carry the same parameter keys and kinds (a dashboard column must not change type): make every emission "
      + "of '\(name.printable)' agree and re-record."
  }

  static func privacy(_ concern: PrivacyLint.Concern, key: String, sighting: Sighting) -> String {
    "\(sighting.first.sentencePrefix): the string parameter '\(key.printable)' of event '\(sighting.event.printable)' looks like "
      + "\(concern.rawValue)\(sighting.moreSuffix); parameters describe behaviour, never content: send a kind, a "
      + "label or a count instead (the provider, not the address) and re-record."
  }

  static func times(_ number: Int) -> String { number == 1 ? "once" : "\(number) times" }

  static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
