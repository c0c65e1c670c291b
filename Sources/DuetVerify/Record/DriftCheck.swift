import DuetPlatform

/// `record --check [--write]`: judge the plan, then stage the would-be rewrite under
/// `.runs/record-check/` (the fixtures folder stays byte-identical) or, with `--write`, apply it.
///
/// Drift is a behavioural difference, a new recording, a vanished one, a recording the manifest does
/// not list, or a scenario that no longer compiles. Metadata-only churn passes and is listed.
enum DriftCheck {
  /// The review folder, beside the fixtures as `.runs/` is.
  static func reviewFolder(_ location: ManifestLocation) -> URL {
    location.runsFolder.appendingPathComponent("record-check", isDirectory: true)
  }

  /// Judges and stages (or applies) `plan`, then writes every output through `outputs` (the
  /// requested JUnit file first: one that cannot be written fails the check, and every later
  /// output says so).
  static func finish(
    _ plan: RecordPlan, manifest: Manifest, apply: Bool, report: ReportContext, outputs: ReportOutputs,
    output: CommandOutput
  ) -> ExitCode {
    let location = manifest.location
    let review = reviewFolder(location)
    let notes = ReportNotes()
    defer { for note in notes.all { output.diagnostic(Program.prefix() + note) } }
    let writes = plan.writes
    let needsPerson =
      !plan.scenarioFailures.isEmpty || !plan.vanished.isEmpty || !plan.unlisted.isEmpty
      || !plan.claimed.isEmpty || !plan.unserved.isEmpty
    let drifted = needsPerson || plan.entries.contains { $0.change.isDrift }
    let passed: Bool
    var disposition: String?
    do {
      if apply {
        try RecordWriter.write(writes, location: location)
        try RecordWriter.stage([], location: location, notes: notes)
        if !writes.isEmpty {
          disposition =
            "\(Option.write.rawValue) applied the rewrite: \(writes.count) \(RecordReport.plural(writes.count, "recording")) written "
            + "to \(location.relativePath(of: location.fixturesFolder))/."
        }
        passed = !needsPerson
      } else {
        try RecordWriter.stage(writes, location: location, notes: notes)
        if !writes.isEmpty {
          disposition =
            "the would-be rewrite is in \(location.relativePath(of: review))/ (\(writes.count) "
            + "\(RecordReport.plural(writes.count, "recording"))); the fixtures folder is unchanged. Review it, then "
            + "apply it with \(Program.name) record \(Option.check.rawValue) \(Option.write.rawValue)."
        }
        passed = !drifted
      }
    } catch {
      output.write(report.style.red("✗") + " " + Program.prefix("record --check") + error.description + "\n")
      output.write(SummaryLine.verdict(verb: "record --check", passed: false, style: report.style) + "\n")
      return .failed
    }
    let findings = DriftFinding.all(plan, manifest: manifest, applied: apply)
    let summary = DriftReports.summary(
      findings, passed: passed, applied: apply, durationMillis: report.durationMillis)
    let verdict = outputs.writeRequested(passed: passed, junit: { DriftReports.junit(findings, summary: summary) })
    outputs.print(
      passed: verdict, annotations: { DriftReports.annotations(findings) },
      json: { verdict in
        var stated = summary
        stated.passed = verdict
        return DriftReports.json(findings, summary: stated)
      },
      human: { verdict in
        RecordReport.checked(
          plan, manifest: manifest, context: report, applied: apply, disposition: disposition, passed: verdict)
      })
    return verdict ? .passed : .failed
  }
}
