import Dispatch
import DuetCore
import DuetPlatform
import DuetRunner

/// One lane's pass over the manifest's recordings: each selected one is read and replayed across
/// the runner pool with requests pipelined. The run's one corpus scan (lint and the taxonomy
/// gate, exactly as `lint` and `taxonomy` run them) is fed by the pass that `lints`, on its runner
/// threads, with the very reading it replays; the other lanes' passes only read what they replay,
/// so a run of several lanes scans each recording once.
///
/// Nothing is held but results and findings: a recording's bytes and plan live only while its
/// replay is in flight. Selected recordings go first (biggest first when several runners share
/// them, so slots finish together; in manifest order for one runner); the rest (other shards,
/// other features) are only linted and scanned, after them.
struct CorpusPass {
  /// The manifest and recordings, loaded once for the run.
  var corpus: Corpus
  /// The run's one corpus scan, shared by its lanes; ``LanesPass`` finishes it.
  var scan: CorpusScan
  /// True for the one lane whose pass feeds `scan` every listed recording.
  var lints: Bool
  var pool: RunnerPool
  /// Requests in flight per runner.
  var depth: Int
  /// Seconds allowed per request.
  var timeout: Double
  /// When given, the pass ends at its first failing recording (``PassStop``): nothing more is
  /// dispatched, nor linted.
  var stop: PassStop? = nil
  /// Whether a passed recording's result lists its steps (``ReplayConversation/listsPassedSteps``);
  /// false when the run keeps passed results slimmed, so they are never listed.
  var listsPassedSteps = true

  /// The default pipelining depth: enough that the runner always has requests queued while the
  /// verifier judges a reply, or reads and checks the next recording (the longest pause, a few
  /// steps' worth of the runner's time for a large recording), and that requests and replies
  /// travel in large batches (fewer system calls and wake-ups per step). 32 measured less wall and
  /// CPU than 8 and 16 with one runner, and as fast with two; 128 cut the tiny corpus's context
  /// switches by 70 % and its system calls by a fifth more, while the slot's byte budget keeps a
  /// large recording's window where it was (docs/performance.md, "the kernel's share").
  static let defaultPipelineDepth = 128

  /// What the pass found.
  struct Outcome {
    /// One result per selected recording, in the order given.
    var results: [FixtureResult]
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
    /// `looked` is the dispatch order's look at its file, which its read then need not repeat.
    case replay(ListedFixture, position: Int, slot: Int, looked: FixtureStore.Look?)
    case lintOnly(ListedFixture, position: Int)
  }

  /// Runs the pass; `onResult` sees every full result as it completes (a passed one without its
  /// steps unless `listsPassedSteps`), and `keep` decides what of it stays in memory for the final
  /// report.
  func run(
    selected: [ListedFixture], onResult: @escaping @Sendable (FixtureResult) -> Void = { _ in },
    keep: @escaping @Sendable (inout FixtureResult) -> Void = { _ in }
  ) -> Outcome {
    let started = DispatchTime.now().uptimeNanoseconds
    let (scan, lints, stop, listsPassedSteps) = (self.scan, self.lints, self.stop, self.listsPassedSteps)
    let listed = scan.listed
    let store = corpus.store
    // The replayed recordings in manifest order with their manifest positions; a recording's
    // result slot is its index here. Names are unique (the manifest reader refuses a recording
    // listed twice, and a broken manifest is never replayed). The usual run selects the whole
    // listing, in its order: then nothing is hashed.
    var replayed: [ListedFixture] = []
    var positions: [Int] = []
    var lintOnly: [Job] = []
    if selected.count == listed.count && zip(selected, listed).allSatisfy({ $0.name == $1.name }) {
      replayed = listed
      positions = Array(listed.indices)
    } else {
      let chosen = Set(selected.map(\.name))
      for (position, fixture) in listed.enumerated() {
        if chosen.contains(fixture.name) {
          replayed.append(fixture)
          positions.append(position)
        } else if lints {
          lintOnly.append(.lintOnly(fixture, position: position))
        }
      }
    }
    // One runner replays its recordings one after another, so their order changes no finishing
    // time: they go in manifest order, and each file is looked at only as it is read. A run that
    // stops at its first failure keeps the biggest-first order, which decides what it replays.
    let inManifestOrder = pool.size == 1 && stop == nil
    let looks = inManifestOrder ? [] : replayed.map { store.look($0.name) }
    let order =
      inManifestOrder
      ? Array(replayed.indices) : FixtureSelection.dispatchOrder(replayed, sizes: looks.map { $0.size ?? 0 })
    let jobs =
      order.map { slot in
        Job.replay(
          replayed[slot], position: positions[slot], slot: slot, looked: inManifestOrder ? nil : looks[slot])
      } + lintOnly
    let kept = PassResults(count: replayed.count, keep: keep)
    // Made once: a job's own closure then holds only this and its listing, not a copy of the store.
    let notRunResult: @Sendable (ListedFixture) -> FixtureResult = {
      Self.notRun($0.name, owner: $0.owner, store: store)
    }
    let run = pool.runPipelined(
      jobCount: jobs.count, depth: depth, timeout: timeout,
      prepare: { [jobs] index -> (any RunnerJob)? in
        // Stopped at a failure: what is not dispatched yet gets no result and is not read.
        if let stop, stop.isStopped { return nil }
        let (fixture, position, slot, looked): (ListedFixture, Int, Int?, FixtureStore.Look?)
        switch jobs[index] {
        case .replay(let listed, let at, let into, let look):
          (fixture, position, slot, looked) = (listed, at, into, look)
        case .lintOnly(let listed, let at): (fixture, position, slot, looked) = (listed, at, nil, nil)
        }
        let reading =
          lints ? scan.scan(fixture, at: position, looked: looked) : store.load(fixture.name, looked: looked)
        guard let slot else { return nil }
        let deliver: @Sendable (FixtureResult) -> Void = { result in
          stop?.note(result)
          onResult(result)
          kept.store(result, slot: slot)
        }
        // Consumed: the document moves into the replay instead of being copied (every reference
        // it holds retained) and the reading then destroyed (each released).
        switch consume reading {
        case .failure(let error):
          deliver(Self.unreadable(fixture, error: error))
          return nil
        case .success(let document):
          return ReplayJob(
            ReplayConversation(document: document, owner: fixture.owner, listsPassedSteps: listsPassedSteps),
            deliver: deliver,
            notRun: { notRunResult(fixture) })
        }
      })
    return Outcome(
      results: kept.results(), startFailures: run.startFailures, streamFailures: run.streamFailures,
      runners: run.slots,
      durationMillis: Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000))
  }

  /// A selected recording that could not be read: failed without occupying a runner.
  static func unreadable(_ listed: ListedFixture, error: FixtureLoadError) -> FixtureResult {
    FixtureResult(
      name: listed.name, kind: listed.isChain ? .chain : .leaf, feature: listed.owner, file: error.file,
      failure: FixtureFailure(reason: .unreadable, detail: error.description))
  }

  /// A recording no runner could be started for.
  static func notRun(_ name: String, owner: String?, store: FixtureStore) -> FixtureResult {
    FixtureResult(
      name: name, kind: owner == nil ? .chain : .leaf, feature: owner, file: store.displayPath(name),
      failure: FixtureFailure(
        reason: .notRun, detail: "not replayed: no runner could be started (see the runner error above)"))
  }
}

/// The results kept for the final report, in selection order, as `keep` trims them; scenario
/// paths (shared by many recordings) are stored once.
final class PassResults: @unchecked Sendable {
  private let lock = SystemLock()
  private var slots: [FixtureResult?]
  private var sources: Set<String> = []
  private let keep: @Sendable (inout FixtureResult) -> Void

  init(count: Int, keep: @escaping @Sendable (inout FixtureResult) -> Void) {
    slots = Array(repeating: nil, count: count)
    self.keep = keep
  }

  /// Stores `result` (trimmed by `keep` in place) as the pass's result number `slot`.
  func store(_ result: consuming FixtureResult, slot: Int) {
    var result = result
    keep(&result)
    lock.withLock {
      if let source = result.scenarioSource {
        result.scenarioSource = sources.insert(source).memberAfterInsert
      }
      slots[slot] = result
    }
  }

  /// The stored results, moved out of their slots (the pass is over: nothing stores any more).
  func results() -> [FixtureResult] {
    lock.withLock {
      var results: [FixtureResult] = []
      results.reserveCapacity(slots.count)
      for index in slots.indices {
        if let result = slots[index].take() { results.append(result) }
      }
      return results
    }
  }
}
