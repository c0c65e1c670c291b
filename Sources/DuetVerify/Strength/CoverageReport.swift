import DuetPlatform

/// What one `coverage` run found: the groups (a feature's files of its reducer module, or a
/// module's shared files), the totals, the replay behind them and the `--min-lines` verdict.
struct CoverageReport: Encodable, Sendable {
  var groups: [FeatureCoverage]
  /// `--min-lines P`, when given.
  var minLines: Int?
  /// Recordings replayed and how many of them passed on the instrumented build.
  var recordings: Int
  var recordingsPassed: Int
  /// Wall times, in milliseconds.
  var buildMillis: Int
  var replayMillis: Int
  /// Merging the profiles and reading the counts (`llvm-profdata`, `llvm-cov`).
  var exportMillis = 0
  var totalMillis = 0
  /// The command line of the run, which the `next:` line repeats; nil (no `next:` line) for a
  /// report rendered outside a command. Not part of the JSON.
  var arguments: ParsedArguments? = nil

  /// Every counted file, once.
  var files: [FileCoverage] { groups.flatMap(\.files) }
  var lines: CoverageCount { files.reduce(CoverageCount()) { $0 + $1.lines } }
  var regions: CoverageCount { files.reduce(CoverageCount()) { $0 + $1.regions } }

  /// False only when `--min-lines` was given and the lines reached fall below it.
  var passed: Bool {
    guard let minLines else { return true }
    return lines.percent >= Double(minLines)
  }

  enum CodingKeys: String, CodingKey {
    case verb, passed, minLines, lines, regions, recordings, recordingsPassed, buildMillis, replayMillis, exportMillis
    case totalMillis
    case features
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode("coverage", forKey: .verb)
    try container.encode(passed, forKey: .passed)
    try container.encodeIfPresent(minLines, forKey: .minLines)
    try container.encode(lines, forKey: .lines)
    try container.encode(regions, forKey: .regions)
    try container.encode(recordings, forKey: .recordings)
    try container.encode(recordingsPassed, forKey: .recordingsPassed)
    try container.encode(buildMillis, forKey: .buildMillis)
    try container.encode(replayMillis, forKey: .replayMillis)
    try container.encode(exportMillis, forKey: .exportMillis)
    try container.encode(totalMillis, forKey: .totalMillis)
    try container.encode(groups, forKey: .features)
  }

  /// The report as one JSON object (keys sorted), with a final newline.
  var json: String { StrengthJSON.object(self) }

  /// The terminal report: per group its counts and each unreached region, the `next:` command,
  /// then the totals and the verdict.
  var human: String {
    let name = Program.name
    var text = ""
    for group in groups {
      let title =
        group.feature.map { "feature \($0) (\(group.module))" } ?? "shared code of \(group.module)"
      text += "\(name) coverage: \(title): lines \(group.lines.shown), regions \(group.regions.shown)\n"
      for file in group.files {
        for region in file.unreached { text += "  " + Self.line(region, file: file.path, module: group.module) + "\n" }
      }
    }
    if let nextLine { text += nextLine + "\n" }
    text +=
      "\(name): reducer modules: lines \(lines.shown), regions \(regions.shown) reached by \(recordings) "
      + "recording\(recordings == 1 ? "" : "s") (instrumented build \(Self.seconds(buildMillis)), "
      + "replay \(Self.seconds(replayMillis)), profiles read in \(Self.seconds(exportMillis)), "
      + "whole run \(Self.seconds(totalMillis)))\n"
    if let minLines, !passed {
      text +=
        "\(name) coverage: lines reached \(CoverageCount.format(lines.percent))% is below --min-lines \(minLines)%: "
        + "add steps that reach the regions above, or lower the bar.\n"
    }
    text += "\(name) coverage: \(passed ? "PASS" : "FAIL")\n"
    return text
  }

  /// `next: duet-verify coverage --feature todo`: coverage again on the features with code no
  /// recording reaches (on the run's own scope when a module's shared code has some), with the
  /// run's options but its report files, so once steps are added it shows what they reach. Nil
  /// when every region was reached or the run's arguments are not known.
  var nextLine: String? {
    guard let arguments else { return nil }
    let missing = groups.filter { group in group.files.contains { !$0.unreached.isEmpty } }
    guard !missing.isEmpty else { return nil }
    return NextHint.againLine(arguments, features: missing.map(\.feature))
  }

  /// `Sources/…/TodoFeature.swift:27: not reached: func todoReducer, case .clearTapped; add a step to … that reaches it`.
  static func line(_ region: UnreachedRegion, file: String, module: String) -> String {
    let place = [region.function, region.switchCase].compactMap { $0 }.joined(separator: ", ")
    let advice: String
    if let feature = region.feature {
      advice =
        region.scenario.map { "add a step to \($0) (feature \(feature)) that reaches it" }
        ?? "add a recording of feature \(feature) that reaches it"
    } else {
      advice = "add a step to the scenario of a feature of \(module) that calls it"
    }
    let span = region.endLine > region.line ? " (to line \(region.endLine))" : ""
    let code = region.code.map { " `\($0)`" } ?? ""
    return "\(file):\(region.line):\(region.column): not reached\(code)\(span)"
      + (place.isEmpty ? "" : " in \(place)") + "; \(advice)"
  }

  static func seconds(_ millis: Int) -> String {
    millis < 1000 ? "\(millis) ms" : "\(millis / 1000).\((millis % 1000) / 100)s"
  }
}
