import DuetPlatform

/// The terminal report of `record` and `record --check`: one line per changed recording, the manifest edits
/// to make, a counts line and the verdict.
///
/// `record` names only what it wrote (new, rewritten, metadata only); the unchanged count is in the
/// counts line (left out, with that line, under `--quiet`);
/// `--check` names each drifted file with its first divergent behavioural path and lists
/// metadata-only churn as admissible.
enum RecordReport {
  /// What `record` did.
  static func recorded(_ plan: RecordPlan, manifest: Manifest, context: ReportContext) -> String {
    let style = context.style
    var lines: [String] = []
    for (target, message) in plan.scenarioFailures {
      lines.append(
        style.red("✗") + " \(target.display): its scenarios could not be recorded, so nothing was written for it:")
      lines.append(indent(message))
    }
    for entry in plan.entries where !entry.isClaimedElsewhere {
      switch entry.change {
      case .unchanged: continue
      case .new: lines.append("new            " + entry.file)
      case .metadataOnly(let path): lines.append("metadata-only  " + entry.file + metadataNote(path))
      case .behavioural(let path, _, _): lines.append("rewritten      \(entry.file) — behaviour changed at \(path)")
      case .unreadable(let reason): lines.append("rewritten      \(entry.file) — the old file \(reason)")
      }
    }
    lines += plan.claimed.map { RecordManifestHints.claimed($0, manifest: manifest, mark: style.red("✗")) }
    lines += RecordManifestHints.unlisted(plan.unlisted, manifest: manifest, mark: style.yellow("!"))
    lines += plan.vanished.map { RecordManifestHints.vanished($0, manifest: manifest, mark: style.yellow("!")) }
    lines += plan.elsewhere.map { elsewhereLine($0, verb: "record", mark: style.yellow("~")) }
    lines += plan.unserved.map { unservedLine($0, manifest: manifest, mark: style.red("✗")) }
    let counts = tally(plan)
    if !context.quiet {
      lines.append(
        Program.prefix("record") + "\(plan.entries.count) \(plural(plan.entries.count, "recording")) from "
          + "\(plan.targetCount) \(plural(plan.targetCount, "target")) (\(counts.new) new, \(counts.behavioural) "
          + "rewritten, \(counts.metadata) metadata-only, \(counts.unchanged) unchanged)\(context.timing)")
    }
    if plan.writes.isEmpty, !plan.elsewhere.isEmpty {
      let skipped = plan.elsewhere.map(\.target.display).joined(separator: ", ")
      let count = plan.elsewhere.reduce(0) { $0 + $1.listed.count }
      lines.append(
        Program.prefix("record")
          + "wrote nothing; skipped \(skipped), whose \(count) \(plural(count, "recording")) this "
          + "runner cannot produce (recorded by the other core) and left unchanged.")
    }
    lines += context.runnerLines
    lines.append(SummaryLine.verdict(verb: "record", passed: plan.passed, style: style))
    return lines.joined(separator: "\n") + "\n"
  }

  /// What `record --check` found; `disposition` says where the rewrite went.
  /// With `applied`, drift `--write` fixed is marked done (✓) rather than failed.
  static func checked(
    _ plan: RecordPlan, manifest: Manifest, context: ReportContext, applied: Bool, disposition: String?, passed: Bool
  ) -> String {
    let style = context.style
    let fail = style.red("✗")
    let drift = applied ? style.green("✓") : fail
    var lines: [String] = []
    for (target, message) in plan.scenarioFailures {
      lines.append(fail + " \(target.display): its scenarios could not be recorded, so it cannot be checked:")
      lines.append(indent(message))
    }
    var churn: [String] = []
    for entry in plan.entries where !entry.isClaimedElsewhere {
      switch entry.change {
      case .unchanged: continue
      case .new: lines.append("\(drift) \(entry.file) — new: the scenarios produce it, but it is not recorded")
      case .behavioural(let path, let recorded, let produced):
        lines.append("\(drift) \(entry.file) — behaviour drifted at \(path)")
        lines.append("  recorded: \(recorded)   scenarios now: \(produced)")
      case .unreadable(let reason): lines.append("\(drift) \(entry.file) — the recorded file \(reason)")
      case .metadataOnly(let path): churn.append("  \(entry.file)" + metadataNote(path))
      }
    }
    lines += plan.claimed.map { RecordManifestHints.claimed($0, manifest: manifest, mark: fail) }
    lines += RecordManifestHints.unlisted(plan.unlisted, manifest: manifest, mark: fail)
    lines += plan.vanished.map { RecordManifestHints.vanished($0, manifest: manifest, mark: fail) }
    lines += plan.elsewhere.map { elsewhereLine($0, verb: "record --check", mark: style.yellow("~")) }
    lines += plan.unserved.map { unservedLine($0, manifest: manifest, mark: fail) }
    if !churn.isEmpty {
      lines.append(style.yellow("~") + " admissible metadata-only churn (labels, lines, descriptions; not gated):")
      lines += churn
    }
    let counts = tally(plan)
    lines.append(
      Program.prefix("record --check")
        + "\(counts.behavioural) drifted, \(counts.new) new, \(plan.vanished.count) vanished, "
        + "\(plan.unlisted.count) unlisted, \(counts.metadata) metadata-only, \(counts.unchanged) identical "
        + "(\(plan.entries.count) \(plural(plan.entries.count, "recording")))\(context.timing)")
    if let disposition { lines.append("  " + disposition) }
    lines += context.runnerLines
    lines.append(SummaryLine.verdict(verb: "record --check", passed: passed, style: style))
    return lines.joined(separator: "\n") + "\n"
  }

  /// `~ feature 'x': the runner does not serve feature 'x', so its 3 recordings (a, b, c) come from the
  /// other core …`: a target recorded by another runner is named, never advised away.
  static func elsewhereLine(_ item: RecordPlan.Elsewhere, verb: String, mark: String) -> String {
    let names = item.listed.map(\.name).joined(separator: ", ")
    let what = verb == "record" ? "left unchanged" : "not checked"
    return "\(mark) \(item.target.display): \(item.reason), so its \(item.listed.count) "
      + "\(plural(item.listed.count, "recording")) (\(names)) come from the other core (e.g. a Kotlin runner); "
      + "\(what) here. Check them with that core's runner: \(Program.name) \(verb) \(Option.runner.rawValue) <its command>."
  }

  /// `✗ feature 'x': the runner does not serve feature 'x', but …`: a Swift-only feature the Swift
  /// runner left out, which no other core records.
  static func unservedLine(_ item: RecordPlan.Elsewhere, manifest: Manifest, mark: String) -> String {
    let names = item.listed.map(\.name).joined(separator: ", ")
    guard case .feature(let name) = item.target, let feature = manifest.feature(named: name),
      let swift = feature.swift
    else { return "\(mark) \(item.target.display): \(item.reason)." }
    return
      "\(mark) \(item.target.display): \(item.reason), but \(manifest.location.displayName):\(swift.line) gives it "
      + "the Swift file \(swift.name) and no Kotlin one, so no other core records its \(item.listed.count) "
      + "\(plural(item.listed.count, "recording")) (\(names)). "
      + (item.served
        ? "Give its registry entry its scenarios (ReplayFeature.entry(\(name), scenarios: [...])), then record again."
        : "Register the feature (and its scenarios) in the Swift runner's registry, then record again.")
  }

  /// Counts by kind of change.
  static func tally(_ plan: RecordPlan) -> (new: Int, behavioural: Int, metadata: Int, unchanged: Int) {
    var counts = (new: 0, behavioural: 0, metadata: 0, unchanged: 0)
    for entry in plan.entries where !entry.isClaimedElsewhere {
      switch entry.change {
      case .new: counts.new += 1
      case .behavioural, .unreadable: counts.behavioural += 1
      case .metadataOnly: counts.metadata += 1
      case .unchanged: counts.unchanged += 1
      }
    }
    return counts
  }

  static func metadataNote(_ path: String?) -> String {
    path.map { " — metadata only, first at \($0)" } ?? " — layout only"
  }

  /// `text` (a runner's sentence) indented, as one line: its line breaks and control characters
  /// escaped, so no part of it starts a line of its own (a forged `::error` workflow command).
  static func indent(_ text: String) -> String {
    "  " + text.printable
  }

  static func plural(_ count: Int, _ word: String) -> String { count == 1 ? word : word + "s" }
}

/// How a report is rendered: colour, quietness, and the timing suffix (` in 0.4s`).
struct ReportContext {
  var style: TerminalStyle
  var quiet: Bool
  var durationMillis: Int?
  /// Which runner compiled the scenarios, and its build time.
  var runner: RunnerIdentity? = nil

  /// The runner line of the summary (none when quiet).
  var runnerLines: [String] {
    guard !quiet, let runner else { return [] }
    return [Program.prefix() + runner.summary]
  }

  var timing: String {
    guard let durationMillis else { return "" }
    return " in " + SecondsText.of(millis: durationMillis, places: 1) + "s"
  }
}
