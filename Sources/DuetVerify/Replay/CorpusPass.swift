import Dispatch
import DuetCore
import Foundation

/// `verify`'s one pass over the manifest's recordings: each is read once, linted, shown to the
/// taxonomy gate and, when selected, replayed, across the runner pool with requests pipelined.
///
/// Nothing is held but results and findings: a recording's bytes and plan live only while its
/// replay is in flight. Selected recordings go first (biggest first, so slots finish together);
/// the rest (other shards, other features) are only linted and scanned, after them.
struct CorpusPass {
  var linter: Linter
  var pool: RunnerPool
  /// Requests in flight per runner.
  var depth: Int
  /// Seconds allowed per request.
  var timeout: Double

  /// What the pass found.
  struct Outcome {
    /// One result per selected recording, in the order given.
    var results: [FixtureResult]
    /// The lint result over every listed recording.
    var lint: LintResult
    /// The taxonomy gate's findings over every listed recording.
    var findings: [TaxonomyFinding]
    /// Runner start failures.
    var startFailures: [RunnerStartError]
    /// Slots used.
    var runners: Int
    /// Wall time in milliseconds.
    var durationMillis: Int
  }

  enum Job: Sendable {
    case replay(ListedFixture, position: Int)
    case lintOnly(ListedFixture, position: Int)
  }

  /// Runs the pass; `onResult` sees every full result as it completes, and `keep` decides what of
  /// it stays in memory for the final report.
  func run(
    selected: [ListedFixture], onResult: @escaping @Sendable (FixtureResult) -> Void = { _ in },
    keep: @escaping @Sendable (FixtureResult) -> FixtureResult = { $0 }
  ) -> Outcome {
    let started = DispatchTime.now().uptimeNanoseconds
    let listed = linter.manifest.listedFixtures
    let store = linter.store
    let chosen = Set(selected.map(\.name))
    let entries = listed.enumerated().map { (position: $0.offset, fixture: $0.element) }
    let replayed = entries.filter { chosen.contains($0.fixture.name) }
    let sizes = Dictionary(replayed.map { ($0.fixture.name, store.size(of: $0.fixture.name) ?? 0) }) { first, _ in first
    }
    var jobs = replayed.sorted { left, right in
      let (a, b) = (sizes[left.fixture.name] ?? 0, sizes[right.fixture.name] ?? 0)
      if a != b { return a > b }
      if left.fixture.name != right.fixture.name {
        return left.fixture.name.utf8.lexicographicallyPrecedes(right.fixture.name.utf8)
      }
      return left.position < right.position
    }.map { Job.replay($0.fixture, position: $0.position) }
    for entry in entries where !chosen.contains(entry.fixture.name) {
      jobs.append(.lintOnly(entry.fixture, position: entry.position))
    }
    let findings = PassFindings(listedCount: listed.count, declared: linter.manifest.telemetry)
    let linter = self.linter
    let run = pool.runPipelined(
      jobs, depth: depth, timeout: timeout,
      prepare: { job -> Prepared<PassConversation> in
        let (fixture, position, replays): (ListedFixture, Int, Bool)
        switch job {
        case .replay(let listed, let at): (fixture, position, replays) = (listed, at, true)
        case .lintOnly(let listed, let at): (fixture, position, replays) = (listed, at, false)
        }
        let reading = InspectedFixture.read(fixture.name, from: store)
        let problems = linter.problems(of: fixture, reading: reading)
        var sightings: [TrackEnvelopeScanner.Sighted] = []
        if case .success(let inspected) = reading {
          sightings = TrackEnvelopeScanner.scan(
            fixture: fixture.name, document: inspected.taxonomyDocument, feature: fixture.owner)
        }
        findings.note(position, fixture: fixture, reading: reading, problems: problems, sightings: sightings)
        guard replays else { return .done(nil) }
        switch reading {
        case .failure(let error): return .done(CorpusReplay.unreadable(fixture, error: error, store: store))
        case .success(let inspected):
          return .converse(
            PassConversation(ReplayConversation(plan: inspected.plan, owner: fixture.owner, file: inspected.file)))
        }
      },
      abandon: { conversation, _ in CorpusReplay.notRun(conversation.name, owner: conversation.owner, store: store) },
      onOutput: { output in
        if let result = output { onResult(result) }
      })
    var byName: [String: FixtureResult] = [:]
    for case let result? in run.outputs where byName[result.name] == nil { byName[result.name] = keep(result) }
    var lint = findings.lint(linter: linter)
    lint.problems += linter.orphanProblems()
    return Outcome(
      results: selected.compactMap { byName[$0.name] }, lint: lint, findings: findings.taxonomy(),
      startFailures: run.startFailures, runners: run.slots,
      durationMillis: Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000))
  }
}

/// A replay whose output may be absent (lint-only jobs share the pool's output type).
struct PassConversation: RunnerConversation {
  var inner: ReplayConversation
  init(_ inner: ReplayConversation) { self.inner = inner }

  var name: String { inner.plan.document.name }
  var owner: String? { inner.owner }

  mutating func begin(handshake: RunnerHandshake) -> ConversationMove<FixtureResult?> {
    Self.lift(inner.begin(handshake: handshake))
  }

  mutating func receive(_ reply: ReduceReply) -> ConversationMove<FixtureResult?> {
    Self.lift(inner.receive(reply))
  }

  mutating func fail(_ fault: RunnerFault, stderr: [String]) -> FixtureResult? {
    inner.fail(fault, stderr: stderr)
  }

  static func lift(_ move: ConversationMove<FixtureResult>) -> ConversationMove<FixtureResult?> {
    switch move {
    case .reduce(let feature, let state, let action): return .reduce(feature: feature, state: state, action: action)
    case .finish(let result): return .finish(result)
    }
  }
}

/// Lint problems and taxonomy sightings gathered from slot threads, behind one lock, and put back
/// in manifest order at the end so the report never depends on scheduling.
final class PassFindings: @unchecked Sendable {
  private let lock = NSLock()
  private var problems: [[LintProblem]]
  private var failures: [String: FixtureLoadError] = [:]
  private var checked = 0
  private var gate: TaxonomyGate

  init(listedCount: Int, declared: ManifestTelemetry?) {
    problems = Array(repeating: [], count: listedCount)
    gate = TaxonomyGate(declared: declared)
  }

  func note(
    _ position: Int, fixture: ListedFixture, reading: Result<InspectedFixture, FixtureLoadError>,
    problems found: [LintProblem], sightings: [TrackEnvelopeScanner.Sighted]
  ) {
    lock.withLock {
      problems[position] = found
      switch reading {
      case .failure(let error): failures[fixture.name] = error
      case .success:
        checked += 1
        gate.add(fixture: fixture.name, sightings: sightings)
      }
    }
  }

  func lint(linter: Linter) -> LintResult {
    lock.withLock {
      LintResult(
        problems: linter.passProblems() + problems.flatMap { $0 }, fixturesChecked: checked, loadFailures: failures)
    }
  }

  func taxonomy() -> [TaxonomyFinding] { lock.withLock { gate.finish() } }
}
