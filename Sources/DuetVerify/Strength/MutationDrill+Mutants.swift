import Dispatch
import DuetPlatform
import DuetRunner

/// One mutant judged: from the cache, `NoCoverage` without running, or replayed (on the one build
/// behind the switch, or on a build of its own) until the first recording that notices it.
extension MutationDrill {
  /// A result and the cache key it belongs under (nil: not cacheable, e.g. nothing replayed).
  struct Judged: Sendable {
    var result: MutantResult
    var key: String?
  }

  func judge(
    _ mutant: Mutant, groups: [(name: String, recordings: [ListedFixture])], reach: [String: [Int]],
    executable: URL, timeout: Double
  ) -> Judged {
    let alone = !mutant.schematized || options.buildEach
    var reached = reach[mutant.id] ?? []
    if reached.isEmpty && !mutant.schematized { reached = groupsOwning(mutant.file, groups: groups) }
    let recordings = reached.flatMap { groups[$0].recordings }
    let features = reached.map { groups[$0].name }.filter { name in
      corpus.manifest.features.contains { $0.name == name }
    }
    let scenarios = features.compactMap { name in corpus.manifest.features.first { $0.name == name }?.scenario?.name }
    var result = MutantResult(
      mutant: mutant, status: .noCoverage, features: features, recordings: recordings.map(\.name),
      scenarios: scenarios, millis: 0)
    guard !recordings.isEmpty else { return Judged(result: result, key: nil) }
    let fileText =
      (try? String(contentsOf: scratch.originalRoot.appendingPathComponent(mutant.file), encoding: .utf8)) ?? ""
    let key = MutationCache.key(mutant, fileText: fileText, recordings: result.recordings) { name in
      guard case .success(let bytes) = corpus.store.bytes(of: name) else { return [] }
      return bytes
    }
    if var cached = cache.entries[key] {
      cached.mutant = mutant
      cached.cached = true
      return Judged(result: cached, key: key)
    }
    let started = DispatchTime.now().uptimeNanoseconds
    let verdict: MutantVerdict?
    if alone {
      verdict = ownBuild(mutant, recordings: recordings, timeout: timeout)
    } else {
      verdict = replay(
        recordings, executable: executable, environment: [Mutant.activeVariable: mutant.id], timeout: timeout)
    }
    result.status = verdict?.status ?? .survived
    if let verdict, verdict.status != .compileError {
      result.recording = verdict.recording
      result.step = verdict.step
    }
    result.detail = verdict?.detail
    result.millis = Self.millis(since: started)
    return Judged(result: result, key: key)
  }

  /// The groups of the features whose reducer module holds `file` (a mutant with no trace); all
  /// groups when none does.
  func groupsOwning(_ file: String, groups: [(name: String, recordings: [ListedFixture])]) -> [Int] {
    let root = corpus.manifest.location.root.resolvingSymlinksInPath().path + "/"
    let package = scratch.originalRoot.path + "/"
    let relative = package.hasPrefix(root) ? String(package.dropFirst(root.count)) : ""
    let owning = groups.indices.filter { index in
      guard let feature = corpus.manifest.features.first(where: { $0.name == groups[index].name }),
        let swift = feature.swift?.name
      else { return false }
      return (relative + file).hasPrefix(CoverageMap.module(of: swift) + "/")
    }
    return owning.isEmpty ? Array(groups.indices) : owning
  }

  /// Replays `recordings` through one runner, pipelined as `verify` replays, stopping at the
  /// first that notices the mutant (``LanesPass/stopAtFirstFailure``: nothing is dispatched
  /// after it); nil when every one passed. A mutant so costs about one replay of its features'
  /// recordings, and one runner start. Which recording is named is ``firstDetection(_:timeout:replay:)``'s
  /// rule, the same whatever the timing.
  func replay(_ recordings: [ListedFixture], executable: URL, environment: [String: String], timeout: Double)
    -> MutantVerdict?
  {
    var options = self.options
    options.values[.jobs] = ["1"]
    options.values[.timeout] = ["\(timeout)"]
    return Self.firstDetection(recordings, timeout: timeout) { chosen in
      let run = StrengthReplay.run(
        corpus, selected: chosen, executable: executable, environment: environment, options: options,
        stopAtFirstFailure: true)
      return (run.fixtures, run.runnerFailureLines)
    }
  }

  /// The verdict of the first recording, in `recordings`' order (the corpus's), that notices the
  /// mutant, and its first failing step: the same recording whatever the timing, so `killedBy` is
  /// the same run after run and whatever `--jobs`.
  ///
  /// A pipelined replay stopped at its first failure (`replay`) dispatches recordings biggest
  /// first and stops dispatching when a result fails, so which recordings got a result depends on
  /// when that result came back. When a recording earlier in the order than the first failure got
  /// none, those earlier ones are replayed again (only they), until every recording before the
  /// failure named has passed. That costs more replays only when two recordings notice the mutant
  /// and the later one won the race; a survivor is still exactly one replay.
  static func firstDetection(
    _ recordings: [ListedFixture], timeout: Double,
    replay: ([ListedFixture]) -> (fixtures: [FixtureResult], runnerFailures: [String])
  ) -> MutantVerdict? {
    guard !recordings.isEmpty else { return nil }
    var position: [String: Int] = [:]
    for (index, recording) in recordings.enumerated() { position[recording.name] = index }
    var candidates = recordings
    var found: (at: Int, verdict: MutantVerdict)?
    while !candidates.isEmpty {
      let run = replay(candidates)
      var first: (at: Int, verdict: MutantVerdict)?
      for result in run.fixtures {
        guard let at = position[result.name], let verdict = MutantVerdict.of(result, timeout: timeout) else {
          continue
        }
        if at < first?.at ?? Int.max { first = (at, verdict) }
      }
      let answered = Set(run.fixtures.map(\.name))
      guard let first else {
        // Every replayed candidate passed. With an earlier failure known, that settles it; on the
        // first round, a candidate with no result, or a runner failure, means the runner crashed.
        if found != nil { return found?.verdict }
        guard run.fixtures.count < candidates.count || !run.runnerFailures.isEmpty else { return nil }
        let missing = candidates.first { !answered.contains($0.name) } ?? candidates[0]
        return MutantVerdict(
          status: .runtimeError, recording: missing.name, step: nil,
          detail: run.runnerFailures.first ?? "the runner replayed nothing")
      }
      found = first
      // The candidates before it that got no result (the replay stopped before them): fewer each
      // round, since the failure named was one of this round's.
      candidates = candidates.filter { (position[$0.name] ?? 0) < first.at && !answered.contains($0.name) }
    }
    return found?.verdict
  }

  /// The mutant applied on a scratch copy of its own, built and replayed: `CompileError` when the
  /// copy does not build.
  func ownBuild(_ mutant: Mutant, recordings: [ListedFixture], timeout: Double) -> MutantVerdict? {
    let copy: ScratchPackage
    do {
      copy = try session.another(like: scratch)
    } catch {
      return MutantVerdict(status: .compileError, recording: "", step: nil, detail: error.description)
    }
    defer { copy.remove() }
    let file = copy.root.appendingPathComponent(mutant.file)
    guard let text = try? String(contentsOf: file, encoding: .utf8), let mutated = mutant.applied(to: text),
      (try? Data(mutated.utf8).write(to: file)) != nil
    else {
      return MutantVerdict(
        status: .compileError, recording: "", step: nil,
        detail: "\(mutant.file):\(mutant.start.line):\(mutant.start.column) no longer holds '\(mutant.original)'")
    }
    let built: (executable: URL, millis: Int)
    do {
      built = try InstrumentedBuild.build(copy, shown: shown, environment: environment, instrumented: false)
    } catch {
      let output = error.output
      let first = output.split(separator: "\n").first { $0.contains(": error:") }.map(String.init)
      return MutantVerdict(status: .compileError, recording: "", step: nil, detail: first ?? "the build failed")
    }
    return replay(recordings, executable: built.executable, environment: [:], timeout: timeout)
  }
}
