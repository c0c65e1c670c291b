import DuetCore
import DuetPlatform

/// The one pass over a corpus every verb that judges recordings makes: each listed recording is
/// read once (``scan(_:at:)``: its document, its lint problems, its telemetry sightings), and
/// ``finish()`` adds the checks of the corpus as a whole (the manifest, its paths and
/// declarations, orphans, stray temporaries, recordings in subfolders).
///
/// `lint`, `taxonomy` and an empty shard scan in manifest order (``run(_:)``); `verify` calls
/// ``scan(_:at:)`` on its runner threads, just before replaying what it read. Findings are kept by
/// manifest position behind one lock, so the result never depends on the order recordings were
/// scanned in, and every verb reports exactly the same problems for the same tree.
final class CorpusScan: @unchecked Sendable {
  /// What the scan checks against.
  let corpus: Corpus
  /// The manifest's recordings, in manifest order (worked out once: the manifest builds the list
  /// on each ask).
  let listed: [ListedFixture]
  private let linter: Linter
  private let lock = SystemLock()
  /// Each listed recording's problems, by manifest position.
  private var problems: [[LintProblem]]
  private var failures: [String: FixtureLoadError] = [:]
  private var checked = 0
  private var gate: TaxonomyGate

  init(corpus: Corpus) {
    self.corpus = corpus
    linter = Linter(corpus: corpus)
    listed = corpus.manifest.listedFixtures
    problems = Array(repeating: [], count: listed.count)
    gate = TaxonomyGate(declared: corpus.manifest.telemetry, manifest: corpus.manifest.location.displayName)
  }

  /// Lint and the taxonomy over the whole corpus, in manifest order: `lint`, `taxonomy`, and a
  /// shard that replays nothing.
  static func run(_ corpus: Corpus) -> CorpusScanResult {
    let scan = CorpusScan(corpus: corpus)
    for (position, listed) in scan.listed.enumerated() { _ = scan.scan(listed, at: position) }
    return scan.finish()
  }

  /// Reads the recording listed at manifest `position` once, notes its lint problems and shows its
  /// telemetry to the taxonomy gate; the reading is handed back for a replay. `looked` is the
  /// dispatch order's look at its file, when it made one (the read then looks no more). Safe from
  /// any thread.
  func scan(
    _ listed: ListedFixture, at position: Int, looked: FixtureStore.Look? = nil
  ) -> Result<FixtureDocument, FixtureLoadError> {
    let reading = corpus.store.load(listed.name, looked: looked)
    let found = linter.problems(of: listed, reading: reading)
    // The walk for envelopes runs off the lock: only the gate's bookkeeping is shared.
    var sightings: [TrackEnvelopeScanner.Sighted]?
    if case .success(let document) = reading {
      // A recording the fast reader found no `track`-capable effect in has no sighting: not looked for again.
      sightings =
        document.mayHoldTrack
        ? TrackEnvelopeScanner.scan(fixture: listed.name, loaded: document, feature: listed.owner) : []
    }
    lock.withLock {
      problems[position] = found
      if let sightings {
        checked += 1
        gate.add(fixture: listed.name, sightings: sightings)
      } else if case .failure(let error) = reading {
        failures[listed.name] = error
      }
    }
    return reading
  }

  /// The scan's result: the manifest's problems, then each recording's in manifest order, then the
  /// fixtures folder's; and the taxonomy of every recording scanned.
  func finish() -> CorpusScanResult {
    let manifestProblems = linter.manifestChecks() + DeclarationParityCheck.problems(corpus.manifest)
    let folderProblems = linter.folderChecks(corpus.store.listing(), listed: listed)
    return lock.withLock {
      let lint = LintResult(
        problems: namingEmitters(in: manifestProblems) + problems.flatMap { $0 } + folderProblems,
        fixturesChecked: checked,
        loadFailures: failures, warnings: corpus.manifest.warnings)
      return CorpusScanResult(lint: lint, taxonomy: gate.report())
    }
  }

  /// The manifest's problems, with a refused top-level `telemetry:` section's error reworded to
  /// show each event under the feature whose scanned recordings emit it. Called under the lock.
  private func namingEmitters(in problems: [LintProblem]) -> [LintProblem] {
    guard let section = corpus.manifest.refusedTelemetry else { return problems }
    let placeholder = section.message()
    let emitters = gate.emitters
    return problems.map { problem in
      guard problem.line == section.line, problem.message == placeholder else { return problem }
      var named = problem
      named.message = section.message(emitters: emitters.events, minters: emitters.verbs)
      return named
    }
  }
}
