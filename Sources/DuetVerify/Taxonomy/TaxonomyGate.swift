import DuetCore
import DuetTelemetry

/// The taxonomy gate: reads `track` envelopes out of recordings one fixture at a time (so a large
/// corpus is streamed, never held) and judges the names found against the declared taxonomy.
///
/// The rules (docs/telemetry.md): every envelope decodes with the grammar; the set of recorded event
/// names equals the declared set; every verb is a starter verb or minted by the manifest (a minted
/// verb nobody uses is a warning); parameter keys are snake_case and one event always carries the
/// same keys and kinds; string values do not look like user content. Fixtures may be added in any
/// order: findings and the report come out the same.
struct TaxonomyGate: Sendable {
  let declared: ManifestTelemetry?
  var events: [String: EventRecord] = [:]
  var malformed: [TaxonomyFinding] = []
  var unknownVerbs: [String: Sighting] = [:]
  var badKeys: [EventKey: Sighting] = [:]
  var duplicateKeys: [EventKey: Sighting] = [:]
  var privacy: [PrivacyKey: Sighting] = [:]
  var envelopes = 0
  var fixturesWithEvents: Set<String> = []
  var fixturesRead = 0

  struct EventKey: Hashable, Sendable {
    var event: String
    var key: String
  }

  struct PrivacyKey: Hashable, Sendable {
    var event: String
    var key: String
    var concern: PrivacyLint.Concern
  }

  /// A gate judging recordings against `declared` (`nil` when the manifest has no `telemetry:`).
  /// How findings name the manifest (`manifest.yaml`, `parity/manifest.yaml`).
  let manifest: String

  init(declared: ManifestTelemetry?, manifest: String = "manifest.yaml") {
    self.declared = declared
    self.manifest = manifest
  }

  /// Records one recording's envelopes, found by ``TrackEnvelopeScanner`` beforehand (so the walk
  /// can run on any thread, off the lock that guards a shared gate).
  mutating func add(fixture name: String, sightings: [TrackEnvelopeScanner.Sighted]) {
    fixturesRead += 1
    for sighted in sightings {
      envelopes += 1
      fixturesWithEvents.insert(name)
      switch sighted {
      case .malformed(let reason, let location):
        malformed.append(
          finding(.error, TaxonomyMessages.malformed(reason, at: location), at: location, rule: .malformedEnvelope))
      case .event(let event, let owner, let location):
        note(event, owner: owner, at: location)
      }
    }
  }

  mutating func note(_ event: TrackedEvent, owner: String, at location: RecordingLocation) {
    let name = event.encodedName()
    events[name, default: EventRecord(event: event, at: location)].note(event, owner: owner, at: location)
    if !isKnown(event.verb) {
      unknownVerbs.note(event.verb.token, at: location.at(location.path.appending(key: "verb")), event: name)
    }
    var seenKeys: Set<String> = []
    for (index, param) in event.params.enumerated() {
      let paramPath = location.path.appending(key: "params").appending(index: index).appending(key: "value")
      let key = EventKey(event: name, key: param.key)
      if !SnakeCase.matches(param.key) {
        badKeys.note(key, at: location.at(paramPath.appending(key: "key")), event: name)
      }
      if !seenKeys.insert(param.key).inserted {
        duplicateKeys.note(key, at: location.at(paramPath.appending(key: "key")), event: name)
      }
      if case .string(_, let value) = param, let concern = PrivacyLint.concern(in: value) {
        privacy.note(
          PrivacyKey(event: name, key: param.key, concern: concern), at: location.at(paramPath.appending(key: "value")),
          event: name)
      }
    }
  }

  func isKnown(_ verb: TrackedVerb) -> Bool {
    verb.isStarter || (declared?.verbs.contains { $0.name == verb.token } ?? false)
  }

  /// Every finding, errors and warnings, in a stable order: recording findings by fixture, step and
  /// path, then manifest findings by line.
  func finish() -> [TaxonomyFinding] {
    var findings = malformed + shapeFindings() + keyFindings()
    if let declared {
      findings += declarationFindings(declared)
      for (verb, sighting) in unknownVerbs {
        findings.append(
          finding(
            .error, TaxonomyMessages.unknownVerb(verb, sighting: sighting, manifest: manifest), at: sighting.first,
            rule: .unknownVerb))
      }
    } else if let missing = missingSectionFinding() {
      findings.append(missing)
    }
    return findings.sorted(by: Self.precedes)
  }

  func declarationFindings(_ declared: ManifestTelemetry) -> [TaxonomyFinding] {
    var findings: [TaxonomyFinding] = []
    let declaredNames = Set(declared.events.map(\.name))
    for (name, record) in events where !declaredNames.contains(name) {
      var sighting = Sighting(record.first, event: name)
      sighting.count = record.emissions
      findings.append(
        finding(
          .error,
          TaxonomyMessages.undeclared(
            name, sighting: sighting, fixtures: record.fixtures.count, emitter: record.firstEmitter, manifest: manifest),
          at: record.first, rule: .undeclaredEvent))
    }
    findings += ownershipFindings(declared)
    var reported: Set<String> = []
    for entry in declared.events where events[entry.name] == nil && reported.insert(entry.name).inserted {
      findings.append(
        TaxonomyFinding(
          severity: .error, message: TaxonomyMessages.neverRecorded(entry, manifest: manifest),
          manifestLine: entry.line,
          rule: .neverRecorded))
    }
    let usedVerbs = Set(events.values.map(\.verb.token))
    for entry in declared.verbs {
      if TrackedVerb(token: entry.name)?.isStarter == true {
        findings.append(
          TaxonomyFinding(
            severity: .warning, message: TaxonomyMessages.redundantMintedVerb(entry, manifest: manifest),
            manifestLine: entry.line,
            rule: .redundantMintedVerb))
      } else if !usedVerbs.contains(entry.name) {
        findings.append(
          TaxonomyFinding(
            severity: .warning, message: TaxonomyMessages.unusedMintedVerb(entry, manifest: manifest),
            manifestLine: entry.line,
            rule: .unusedMintedVerb))
      }
    }
    return findings
  }

  /// Rule 3: an event is emitted only by features that declare it. A leaf recording's emitter is
  /// its feature; a chain step's is its node.
  func ownershipFindings(_ declared: ManifestTelemetry) -> [TaxonomyFinding] {
    var findings: [TaxonomyFinding] = []
    for (name, record) in events {
      guard let declarers = declared.declarers[name], !declarers.isEmpty else { continue }
      let lines = declared.events.filter { $0.name == name }.map(\.line)
      for (owner, first) in record.firstByOwner where !declarers.contains(owner) {
        findings.append(
          finding(
            .error,
            TaxonomyMessages.emittedByNonDeclarer(
              name, emitter: owner, declarers: declarers, lines: lines, at: first,
              manifest: manifest),
            at: first, rule: .emittedByNonDeclarer))
      }
    }
    return findings
  }

  func missingSectionFinding() -> TaxonomyFinding? {
    guard let first = events.values.map(\.first).min() else { return nil }
    var byOwner: [String: (events: [String], verbs: Set<String>)] = [:]
    for (name, record) in events {
      for owner in record.owners {
        byOwner[owner, default: ([], [])].events.append(name)
        if !record.verb.isStarter { byOwner[owner, default: ([], [])].verbs.insert(record.verb.token) }
      }
    }
    let grouped = byOwner.keys.sorted(by: JSONValue.canonicalPrecedes).map { owner in
      let entry = byOwner[owner] ?? ([], [])
      return (
        owner: owner, events: entry.events.sorted(by: JSONValue.canonicalPrecedes),
        verbs: entry.verbs.sorted(by: JSONValue.canonicalPrecedes)
      )
    }
    let message = TaxonomyMessages.missingSection(events: grouped, first: first, manifest: manifest)
    return finding(.error, message, at: first, rule: .missingTelemetrySection)
  }

  func shapeFindings() -> [TaxonomyFinding] {
    var findings: [TaxonomyFinding] = []
    for (name, record) in events {
      guard let reference = record.referenceSignature, let referenceSighting = record.signatures[reference] else {
        continue
      }
      for (signature, sighting) in record.signatures where signature != reference {
        let message = TaxonomyMessages.shapeChanged(
          name, signature: signature, sighting: sighting, reference: reference, referenceSighting: referenceSighting)
        findings.append(finding(.error, message, at: sighting.first, rule: .paramShapeChanged))
      }
    }
    return findings
  }

  func keyFindings() -> [TaxonomyFinding] {
    var findings: [TaxonomyFinding] = []
    for (key, sighting) in badKeys {
      findings.append(
        finding(
          .error, TaxonomyMessages.notSnakeCase(key.key, sighting: sighting), at: sighting.first,
          rule: .paramKeyNotSnakeCase))
    }
    for (key, sighting) in duplicateKeys {
      findings.append(
        finding(
          .error, TaxonomyMessages.duplicateKey(key.key, sighting: sighting), at: sighting.first,
          rule: .duplicateParamKey))
    }
    for (key, sighting) in privacy {
      findings.append(
        finding(
          .error, TaxonomyMessages.privacy(key.concern, key: key.key, sighting: sighting), at: sighting.first,
          rule: .privacy))
    }
    return findings
  }

  func finding(
    _ severity: TaxonomyFinding.Severity, _ message: String, at location: RecordingLocation, rule: TaxonomyRule
  )
    -> TaxonomyFinding
  {
    TaxonomyFinding(
      severity: severity, message: message, fixture: location.fixture, step: location.step,
      path: location.path.description, rule: rule)
  }

  /// Recording findings (by fixture, step, path), then manifest findings (by line), then the rest;
  /// the message breaks ties so the order never depends on dictionary order.
  static func precedes(_ lhs: TaxonomyFinding, _ rhs: TaxonomyFinding) -> Bool {
    func rank(_ finding: TaxonomyFinding) -> Int {
      finding.fixture != nil ? 0 : finding.manifestLine != nil ? 1 : 2
    }
    if rank(lhs) != rank(rhs) { return rank(lhs) < rank(rhs) }
    if let left = lhs.fixture, let right = rhs.fixture, left != right {
      return JSONValue.canonicalPrecedes(left, right)
    }
    if lhs.step != rhs.step { return (lhs.step ?? 0) < (rhs.step ?? 0) }
    if lhs.path != rhs.path { return JSONValue.canonicalPrecedes(lhs.path ?? "", rhs.path ?? "") }
    if lhs.manifestLine != rhs.manifestLine { return (lhs.manifestLine ?? 0) < (rhs.manifestLine ?? 0) }
    return JSONValue.canonicalPrecedes(lhs.message, rhs.message)
  }
}
