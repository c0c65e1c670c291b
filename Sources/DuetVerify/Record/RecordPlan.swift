/// What `record` would do, decided before anything is written: each compiled recording against its
/// file and the manifest, the targets whose scenarios failed, and the recordings nothing produces
/// any more.
///
/// `record` applies the plan to the fixtures folder; `record --check` judges it and stages it under
/// `.runs/record-check/`. Both read the same plan, so they can never disagree.
struct RecordPlan: Sendable {
  /// One compiled recording, judged.
  struct Entry: Equatable, Sendable {
    /// What would be written.
    var fixture: RecordedFixture
    /// Its display path (`fixtures/counter.fixture.json`).
    var file: String
    /// How it differs from the file on disk.
    var change: FixtureChange
    /// False when the manifest does not list it for its target.
    var listed: Bool
    /// Where the manifest lists it instead (another feature), when it does.
    var listedElsewhere: ListedFixture?
    /// Another target's scenarios produced the same name earlier in this run.
    var producedBy: RecordTarget?

    /// True when the name belongs to another target (the manifest lists it there, or that target
    /// produced it too): it is never written, so one feature cannot overwrite another's recording.
    var isClaimedElsewhere: Bool { listedElsewhere != nil || producedBy != nil }
  }

  /// A recording on disk or in the manifest that no scenario produces any more.
  struct Vanished: Equatable, Sendable {
    /// The recording's name.
    var name: String
    /// Its display path.
    var file: String
    /// True when the file exists.
    var onDisk: Bool
    /// The manifest line listing it, when it is listed.
    var listed: ListedFixture?
  }

  /// A target this runner has no scenarios for, whose listed recordings come from the other core.
  struct Elsewhere: Equatable, Sendable {
    /// The feature or chain.
    var target: RecordTarget
    /// How we know (`the runner does not serve feature 'x'`).
    var reason: String
    /// The recordings the manifest lists for it: left exactly as they are.
    var listed: [ListedFixture]
    /// True when the runner serves the feature but registers no scenarios for it: the remedy is
    /// its registry entry's `scenarios:`, not registering the feature.
    var served = false
  }

  /// Every compiled recording, in target order.
  var entries: [Entry]
  /// Targets with recordings this runner cannot produce (recorded by the other core), left alone.
  var elsewhere: [Elsewhere] = []
  /// Features a Swift runner does not serve although only Swift can record them (a `swift:` file
  /// and no `kotlin:` one): an error in the app's registry, not recordings of another core.
  var unserved: [Elsewhere] = []
  /// Targets whose scenarios failed to compile, with the runner's sentence.
  var scenarioFailures: [(target: RecordTarget, message: String)]
  /// Recordings nothing produces any more.
  var vanished: [Vanished]
  /// Targets compiled.
  var targetCount: Int

  /// The recordings that would be written (anything not byte-identical).
  var writes: [RecordedFixture] {
    entries.filter { $0.change != .unchanged && !$0.isClaimedElsewhere }.map(\.fixture)
  }
  /// Compiled recordings refused because their name belongs to another target.
  var claimed: [Entry] { entries.filter(\.isClaimedElsewhere) }
  /// Plain `record`'s verdict: every scenario compiled, no name taken from another target, and no
  /// Swift-only feature left unserved.
  var passed: Bool { scenarioFailures.isEmpty && claimed.isEmpty && unserved.isEmpty }
  /// Compiled recordings the manifest does not list for their target.
  var unlisted: [Entry] { entries.filter { !$0.listed } }

  /// Judges every compiled recording. `wholeManifest` is true when every target was compiled, so a
  /// file on disk that no target produced is known to have vanished.
  static func make(
    outcomes: [TargetOutcome], manifest: Manifest, store: FixtureStore, wholeManifest: Bool
  ) -> RecordPlan {
    let listedByName = Dictionary(manifest.listedFixtures.map { ($0.name, $0) }) { first, _ in first }
    var plan = RecordPlan(entries: [], scenarioFailures: [], vanished: [], targetCount: outcomes.count)
    var produced: [String: RecordTarget] = [:]
    for outcome in outcomes {
      let listed = outcome.target.listed(in: manifest)
      switch outcome.result {
      case .notServedHere(let reason):
        if !listed.isEmpty { plan.elsewhere.append(Elsewhere(target: outcome.target, reason: reason, listed: listed)) }
        continue
      case .compiled(let fixtures) where fixtures.isEmpty && !listed.isEmpty:
        plan.elsewhere.append(
          Elsewhere(
            target: outcome.target, reason: "the runner serves it with no scenarios", listed: listed,
            served: true))
        continue
      default: break
      }
      guard let fixtures = outcome.fixtures else {
        if case .scenarioFailed(let message) = outcome.result {
          plan.scenarioFailures.append((outcome.target, message))
        }
        continue
      }
      let ownNames = Set(outcome.target.listed(in: manifest).map(\.name))
      for fixture in fixtures {
        let earlier = produced[fixture.name].flatMap { $0 == outcome.target ? nil : $0 }
        produced[fixture.name] = produced[fixture.name] ?? outcome.target
        let change: FixtureChange
        switch store.bytes(of: fixture.name) {
        case .success(let bytes): change = .between(recorded: bytes, produced: fixture)
        case .failure(.missing): change = .new
        case .failure(let error): change = .unreadable(error.lintProblem.message)
        }
        let listed = ownNames.contains(fixture.name)
        plan.entries.append(
          Entry(
            fixture: fixture, file: store.displayPath(fixture.name), change: change, listed: listed,
            listedElsewhere: listed ? nil : listedByName[fixture.name], producedBy: earlier))
      }
    }
    let elsewhere = Set(plan.elsewhere.map(\.target))
    for outcome in outcomes where outcome.fixtures != nil && !elsewhere.contains(outcome.target) {
      for listed in outcome.target.listed(in: manifest) where produced[listed.name] == nil {
        plan.vanished.append(vanished(listed.name, listed: listed, store: store))
      }
    }
    // Only when every target compiled is a file that no target produced known to have vanished.
    if wholeManifest && outcomes.allSatisfy({ $0.fixtures != nil || elsewhere.contains($0.target) }) {
      for name in store.namesOnDisk() where produced[name] == nil && listedByName[name] == nil {
        plan.vanished.append(vanished(name, listed: nil, store: store))
      }
    }
    return plan
  }

  /// Moves out of ``elsewhere`` the features the Swift runner that compiled them should have
  /// served: those the manifest gives a `swift:` file and no Kotlin lane (`kotlin:` absent or `pending`).
  mutating func separateUnserved(_ manifest: Manifest) {
    let swiftOnly = { (item: Elsewhere) -> Bool in
      guard case .feature(let name) = item.target, let feature = manifest.feature(named: name) else { return false }
      return feature.swift != nil && (feature.kotlin == nil || feature.kotlin?.name == "pending")
    }
    unserved = elsewhere.filter(swiftOnly)
    elsewhere.removeAll(where: swiftOnly)
  }

  static func vanished(_ name: String, listed: ListedFixture?, store: FixtureStore) -> Vanished {
    Vanished(name: name, file: store.displayPath(name), onDisk: store.size(of: name) != nil, listed: listed)
  }
}
