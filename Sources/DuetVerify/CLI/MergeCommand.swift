import DuetPlatform

/// `duet-verify merge SHARD.json…`: joins the `--json` reports of every shard of one sharded
/// `verify` into the report of the whole run — summary, JUnit, HTML, JSON — so a CI matrix ends
/// with one verdict and one page.
///
/// Reads as read → check (``MergeError/check(_:)``: every share once, one corpus, one set of
/// runners) → join (lanes by platform, results in share order; lint and taxonomy, which every
/// shard computed over the whole corpus, from the first share) → outputs (``ReportOutputs``).
/// The verdict fails when any shard failed.
enum MergeCommand {
  static func run(_ options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    var reports: [ShardReport] = []
    do throws(MergeError) {
      for file in options.operands { reports.append(try ShardReport.read(file, folder: context.folder)) }
      try MergeError.check(reports)
    } catch {
      output.diagnostic(error.description)
      return .usage
    }
    reports.sort { $0.shard.index < $1.shard.index }
    let run = join(reports)
    guard let local = localCorpus(options, matching: reports[0], context: context) else { return .usage }
    let taxonomy = local.map { CorpusScan.run($0).taxonomy }
    let features = local.map { $0.manifest.features.map(\.name) } ?? Self.features(run)
    for report in reports {
      for line in report.summary.runnerFailures { output.diagnostic("\(report.file): " + line) }
    }
    let outputs = ReportOutputs(
      options, context: context, location: local?.manifest.location, speaker: "merge")
    let passed = outputs.writeRun(
      run, passed: run.passed && reports.allSatisfy(\.passed), features: features, taxonomy: taxonomy,
      timings: options.writeTimings.map { RequestedFile(url: resolve($0, against: context.folder), typed: $0) })
    outputs.printRun(run, passed: passed, options: options, environment: context.environment)
    return passed ? .passed : .failed
  }

  /// The corpus the shards ran, when it is here: `--manifest`, else the manifest found upwards, so
  /// the page has the taxonomy table and the manifest's features. `.some(nil)` when there is none
  /// (or the one found upwards is another corpus, said as a warning); `nil` after saying that the
  /// `--manifest` given is another corpus.
  static func localCorpus(
    _ options: ParsedArguments, matching report: ShardReport, context: CommandContext
  ) -> Corpus?? {
    guard options.manifest != nil else {
      guard let found = try? Corpus.load(manifestPath: nil, from: context.folder), !found.manifestBroken else {
        return .some(nil)
      }
      guard CorpusFingerprint.of(found) == report.summary.corpus else {
        context.output.diagnostic(
          Program.prefix("merge") + "warning: \(found.manifest.location.displayName) is not the corpus the shards ran, "
            + "so the page has no taxonomy table. Run merge in a checkout of the commit the shards ran, or give --manifest."
        )
        return .some(nil)
      }
      return .some(found)
    }
    guard let given = context.corpus(options) else { return nil }
    guard CorpusFingerprint.of(given) == report.summary.corpus else {
      context.output.diagnostic(
        MergeError.otherManifest(manifest: given.manifest.location.displayName, file: report.file).description)
      return nil
    }
    return .some(given)
  }

  /// The whole run: each platform's lane with every share's results, in share order.
  static func join(_ reports: [ShardReport]) -> RunResult {
    var lanes: [LaneResult] = []
    for report in reports {
      for lane in report.lanes where !lane.fixtures.isEmpty || lane.runner != nil {
        guard let at = lanes.firstIndex(where: { $0.platform == lane.platform }) else {
          lanes.append(lane)
          continue
        }
        lanes[at].fixtures += lane.fixtures
        lanes[at].runners += lane.runners
      }
    }
    let first = reports[0].summary
    return RunResult(
      lanes: lanes, lintProblems: first.lint, taxonomyFindings: first.taxonomy,
      durationMillis: reports.map(\.summary.durationMillis).max() ?? 0)
  }

  /// The features the page's matrix groups by, as the results name them (in first-seen order).
  static func features(_ run: RunResult) -> [String] {
    var seen: Set<String> = []
    return run.fixtures.compactMap(\.feature).filter { seen.insert($0).inserted }
  }
}
