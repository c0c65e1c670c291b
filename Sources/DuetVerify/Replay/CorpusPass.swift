import Dispatch
import DuetCore
import DuetRunner
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
    /// Runners whose reply stream was out of step when closed (the results cannot be trusted).
    var streamFailures: [RunnerStreamError]
    /// Slots used.
    var runners: Int
    /// Wall time in milliseconds.
    var durationMillis: Int
  }

  enum Job: Sendable {
    /// Replay the recording at manifest `position`; its result goes to `slot` of the results.
    case replay(ListedFixture, position: Int, slot: Int)
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
    let replayed = entries.filter { chosen.contains($0.fixture.name) }.enumerated().map {
      (position: $0.element.position, fixture: $0.element.fixture, slot: $0.offset)
    }
    let sizes = Dictionary(replayed.map { ($0.fixture.name, store.size(of: $0.fixture.name) ?? 0) }) { first, _ in first
    }
    var jobs = replayed.sorted { left, right in
      let (a, b) = (sizes[left.fixture.name] ?? 0, sizes[right.fixture.name] ?? 0)
      if a != b { return a > b }
      if left.fixture.name != right.fixture.name {
        return left.fixture.name.utf8.lexicographicallyPrecedes(right.fixture.name.utf8)
      }
      return left.position < right.position
    }.map { Job.replay($0.fixture, position: $0.position, slot: $0.slot) }
    for entry in entries where !chosen.contains(entry.fixture.name) {
      jobs.append(.lintOnly(entry.fixture, position: entry.position))
    }
    let findings = PassFindings(listedCount: listed.count, declared: linter.manifest.telemetry)
    let kept = PassResults(count: replayed.count, keep: keep)
    let linter = self.linter
    let run = pool.runPipelined(
      jobs, depth: depth, timeout: timeout, keepsOutputs: false,
      prepare: { job -> Prepared<PassConversation> in
        let (fixture, position, slot): (ListedFixture, Int, Int?)
        switch job {
        case .replay(let listed, let at, let into): (fixture, position, slot) = (listed, at, into)
        case .lintOnly(let listed, let at): (fixture, position, slot) = (listed, at, nil)
        }
        let reading = InspectedFixture.read(fixture.name, from: store)
        let problems = linter.problems(of: fixture, reading: reading)
        var sightings: [TrackEnvelopeScanner.Sighted] = []
        if case .success(let inspected) = reading {
          sightings = TrackEnvelopeScanner.scan(
            fixture: fixture.name, document: inspected.taxonomyDocument, feature: fixture.owner)
        }
        findings.note(position, fixture: fixture, reading: reading, problems: problems, sightings: sightings)
        guard let slot else { return .done(nil) }
        switch reading {
        case .failure(let error):
          return .done(PassOutput(slot: slot, result: CorpusReplay.unreadable(fixture, error: error, store: store)))
        case .success(let inspected):
          return .converse(
            PassConversation(
              ReplayConversation(plan: inspected.plan, owner: fixture.owner, file: inspected.file), slot: slot))
        }
      },
      abandon: { conversation, _ in
        PassOutput(
          slot: conversation.slot,
          result: CorpusReplay.notRun(conversation.name, owner: conversation.owner, store: store))
      },
      onOutput: { output in
        guard let output else { return }
        onResult(output.result)
        kept.store(output)
      })
    var lint = findings.lint(linter: linter)
    lint.problems += linter.orphanProblems()
    return Outcome(
      results: kept.results(), lint: lint, findings: findings.taxonomy(),
      startFailures: run.startFailures, streamFailures: run.streamFailures, runners: run.slots,
      durationMillis: Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000))
  }
}

/// A replayed recording's result and where it goes among the pass's results.
struct PassOutput: Sendable {
  var slot: Int
  var result: FixtureResult
}

/// A replay whose output carries its slot (lint-only jobs share the pool's output type as `nil`).
struct PassConversation: RunnerConversation {
  var inner: ReplayConversation
  let slot: Int

  init(_ inner: ReplayConversation, slot: Int) {
    self.inner = inner
    self.slot = slot
  }

  var name: String { inner.plan.document.name }
  var owner: String? { inner.owner }

  mutating func begin(handshake: RunnerHandshake) -> ConversationMove<PassOutput?> {
    lift(inner.begin(handshake: handshake))
  }

  mutating func receive(_ reply: ReduceReply) -> ConversationMove<PassOutput?> {
    lift(inner.receive(reply))
  }

  mutating func fail(_ fault: RunnerFault, stderr: [String]) -> PassOutput? {
    PassOutput(slot: slot, result: inner.fail(fault, stderr: stderr))
  }

  func lift(_ move: ConversationMove<FixtureResult>) -> ConversationMove<PassOutput?> {
    switch move {
    case .reduce(let feature, let state, let action): return .reduce(feature: feature, state: state, action: action)
    case .finish(let result): return .finish(PassOutput(slot: slot, result: result))
    }
  }
}

/// The results kept for the final report, in selection order, as `keep` trims them; scenario
/// paths (shared by many recordings) are stored once.
final class PassResults: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [FixtureResult?]
  private var sources: Set<String> = []
  private let keep: @Sendable (FixtureResult) -> FixtureResult

  init(count: Int, keep: @escaping @Sendable (FixtureResult) -> FixtureResult) {
    slots = Array(repeating: nil, count: count)
    self.keep = keep
  }

  func store(_ output: PassOutput) {
    var result = keep(output.result)
    lock.withLock {
      if let source = result.scenarioSource {
        result.scenarioSource = sources.insert(source).memberAfterInsert
      }
      slots[output.slot] = result
    }
  }

  func results() -> [FixtureResult] { lock.withLock { slots.compactMap { $0 } } }
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
