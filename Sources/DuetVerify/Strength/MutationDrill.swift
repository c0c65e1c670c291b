import Dispatch
import DuetCore
import DuetPlatform
import DuetRunner

/// `duet-verify mutate`'s work, on a scratch copy the ``StrengthSession`` owns: plan → write the
/// rewritten files → one build (re-planned without the sites a compile error names) → baseline
/// with the trace on → each mutant replays only the recordings of the groups whose runners
/// reached it, in parallel → a ``MutationRun``.
///
/// A mutant no baseline runner reached is `NoCoverage` without running; one the switch cannot hold
/// (or every mutant, with `--build-each`) gets a scratch copy and a build of its own.
struct MutationDrill {
  /// Plans the mutants, the given ids left unschematized (their sites broke the build).
  typealias Planner = @Sendable (_ unschematized: Set<String>) throws(MutationDrillError) -> MutationPlan

  var corpus: Corpus
  var selection: [ListedFixture]
  var options: ParsedArguments
  var session: StrengthSession
  var scratch: ScratchPackage
  /// The runner package as shown in sentences.
  var shown: String
  var environment: [String: String]
  var planner: Planner
  /// Results of earlier runs (empty with `--no-cache`).
  var cache = MutationCache()
  /// Only mutants starting on these lines of their file (`--since`); nil: all.
  var lines: [String: Set<Int>]?
  /// Called once per mutant judged (for progress), and with each phase's sentence and item count.
  var onMutant: @Sendable () -> Void = {}
  var onPhase: @Sendable (_ phase: String, _ count: Int) -> Void = { _, _ in }

  /// How often a build broken by mutated lines is re-planned before the drill gives up.
  static let buildRetries = 3

  /// Runs the drill; the run and the cache to write.
  func run() throws(MutationDrillError) -> (run: MutationRun, cache: MutationCache) {
    let started = DispatchTime.now().uptimeNanoseconds
    // No mutant to judge (`--since` on a change that touches no reducer line, a feature whose module
    // no operator applies to, `--table-only` without a Swift row): neither the build nor the
    // baseline is worth its minute.
    if onChangedLines(try planner([])).isEmpty {
      let run = MutationRun(
        results: [], minScore: options.minScore, baselineRecordings: 0, buildMillis: 0, baselineMillis: 0,
        totalMillis: Self.millis(since: started))
      return (run, cache)
    }
    onPhase("building the mutated copy of \(ScratchPackage.spoken(shown))", 0)
    let (plan, built) = try buildSchematized()
    let mutants = onChangedLines(plan)
    onPhase("the baseline: replaying \(selection.count) recordings unmutated", selection.count)
    let baselineStarted = DispatchTime.now().uptimeNanoseconds
    let groups = Self.groups(selection)
    let (reach, slowest) = try baseline(groups, executable: built.executable)
    let baselineMillis = Self.millis(since: baselineStarted)
    let timeout = options.timeout ?? max(2, 10 * Double(slowest) / 1000)
    onPhase("judging \(mutants.count) mutants", mutants.count)
    let jobs = max(1, options.jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    let results = Locked([MutantResult?](repeating: nil, count: mutants.count))
    let nextIndex = Locked(0)
    let fresh = Locked(cache)
    DispatchQueue.concurrentPerform(iterations: min(jobs, max(mutants.count, 1))) { _ in
      while true {
        let index = nextIndex.withLock { value in
          defer { value += 1 }
          return value
        }
        guard index < mutants.count else { return }
        let mutant = mutants[index]
        let result = judge(mutant, groups: groups, reach: reach, executable: built.executable, timeout: timeout)
        results.withLock { $0[index] = result.result }
        if let key = result.key, !result.result.cached { fresh.withLock { $0.entries[key] = result.result } }
        onMutant()
      }
    }
    let run = MutationRun(
      results: results.value.compactMap { $0 }, minScore: options.minScore, baselineRecordings: selection.count,
      buildMillis: built.millis, baselineMillis: baselineMillis, totalMillis: Self.millis(since: started))
    return (run, fresh.value)
  }

  /// The mutants of `plan` the drill judges: with `--since`, those starting on a changed line.
  private func onChangedLines(_ plan: MutationPlan) -> [Mutant] {
    guard let lines else { return plan.mutants }
    return plan.mutants.filter { lines[$0.file]?.contains($0.start.line) ?? false }
  }

  /// The recordings in groups: each feature's (in manifest order of first listing), each chain alone.
  static func groups(_ selection: [ListedFixture]) -> [(name: String, recordings: [ListedFixture])] {
    var order: [String] = []
    var members: [String: [ListedFixture]] = [:]
    for fixture in selection {
      let key = fixture.owner ?? fixture.name
      if members[key] == nil { order.append(key) }
      members[key, default: []].append(fixture)
    }
    return order.map { ($0, members[$0] ?? []) }
  }

  /// Writes the plan into the scratch and builds it; a compile error at a mutated line re-plans
  /// with the mutants on that line unschematized.
  private func buildSchematized() throws(MutationDrillError) -> (MutationPlan, (executable: URL, millis: Int)) {
    var unschematized: Set<String> = []
    var written: Set<String> = []
    for _ in 0...Self.buildRetries {
      let plan = try planner(unschematized)
      try write(plan.rewrittenFiles, replacing: written)
      written.formUnion(plan.rewrittenFiles.keys)
      do {
        let built = try InstrumentedBuild.build(scratch, shown: shown, environment: environment, instrumented: false)
        return (plan, built)
      } catch {
        ProcessStop.shared.holdIfStopping()
        guard case .failed(_, let status, let output) = error else {
          throw .buildFailed(status: "\(error)", output: "")
        }
        let broken = Self.brokenMutants(output, plan: plan, package: scratch.root).subtracting(unschematized)
        guard !broken.isEmpty else { throw .buildFailed(status: "\(status)", output: output) }
        unschematized.formUnion(broken)
      }
    }
    throw .buildFailed(status: "still failing after \(Self.buildRetries) re-plans", output: "")
  }

  /// Puts the originals of `replacing` back, then writes `files` (paths relative to the copied
  /// packages' root, as the plan's are) into the scratch copy.
  private func write(_ files: [String: String], replacing: Set<String>) throws(MutationDrillError) {
    do {
      for path in replacing.subtracting(files.keys) {
        let original = scratch.originalRoot.appendingPathComponent(path)
        let target = scratch.root.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: target)
        if FileManager.default.fileExists(atPath: original.path) {
          try FileManager.default.copyItem(at: original, to: target)
        }
      }
      for (path, text) in files {
        let target = scratch.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
      }
    } catch {
      throw .buildFailed(status: "the scratch copy could not be written", output: ErrorText.of(error))
    }
  }

  /// The ids of the mutants on the lines the compiler's errors name (`<file>:<line>:<col>: error:`).
  static func brokenMutants(_ output: String, plan: MutationPlan, package: URL) -> Set<String> {
    let base = package.resolvingSymlinksInPath().path + "/"
    var broken: Set<String> = []
    for line in output.split(separator: "\n") where line.contains(": error:") {
      let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
      guard parts.count >= 3, let number = Int(parts[1]) else { continue }
      var path = URL(fileURLWithPath: String(parts[0])).resolvingSymlinksInPath().path
      if path.hasPrefix(base) { path = String(path.dropFirst(base.count)) }
      for mutant in plan.mutants where mutant.file == path && (mutant.start.line...mutant.end.line).contains(number) {
        broken.insert(mutant.id)
      }
    }
    return broken
  }

  /// The baseline: each group replayed with its own trace prefix; every recording must pass. The
  /// groups reaching each mutant id, and the slowest recording's time (ms).
  private func baseline(_ groups: [(name: String, recordings: [ListedFixture])], executable: URL)
    throws(MutationDrillError) -> (reach: [String: [Int]], slowest: Int)
  {
    let traces = scratch.folder.appendingPathComponent("trace", isDirectory: true)
    try? FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
    var reach: [String: [Int]] = [:]
    var failures: [String] = []
    var slowest = 0
    let startup = MutationTrace.probeStartup(
      executable: executable, root: corpus.manifest.location.root,
      prefix: traces.appendingPathComponent("startup").path)
    for (index, group) in groups.enumerated() {
      let prefix = MutationTrace.prefix(index, in: traces)
      let run = StrengthReplay.run(
        corpus, selected: group.recordings, executable: executable,
        environment: [Mutant.traceVariable: prefix, Mutant.startupVariable: MutationTrace.startupSetting(startup)],
        options: options)
      for result in run.fixtures {
        slowest = max(slowest, result.durationMillis)
        if let failure = result.failure {
          let step = failure.step.map { "#\($0)" } ?? ""
          failures.append("\(result.name)\(step): \((failure.detail ?? failure.reason.rawValue).printable)")
        }
      }
      failures += run.runnerFailureLines
      for id in MutationTrace.ids(prefix: prefix) { reach[id, default: []].append(index) }
    }
    guard failures.isEmpty else { throw .baselineFailed(failures: failures) }
    return (reach, slowest)
  }

  static func millis(since start: UInt64) -> Int {
    Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
  }
}
