import DuetPlatform

/// Every output of a verb that judges recordings (`verify`, `record --check`), in one order and
/// under one rule: first the report files the user asked for (`--junit FILE`, `--html FILE`, a
/// shard's share in a file of its own), then the annotations (`GITHUB_ACTIONS=true`), then
/// standard output (`--json`'s one object, or the human report).
///
/// A requested report that could not be written fails the run, since CI would otherwise read an
/// old file or none: the verdict every later output states is the run's `and` every requested
/// file written, decided here before they render — never patched into a rendered line.
struct ReportOutputs {
  /// `--json`: one object on stdout instead of the human report.
  var json: Bool
  /// `--junit FILE` (a shard's own file).
  var junit: RequestedFile?
  /// `--html FILE` (a shard's own file).
  var html: RequestedFile?
  /// The repository the run is of: a requested file never lands in its recordings folder or on its
  /// manifest, nor, given relatively, through a committed link out of it (``RequestedReport``).
  /// `nil` where there is none (`merge` away from the shards' corpus): the file is still written
  /// whole, never through what is there.
  var location: ManifestLocation?
  /// GitHub annotations (`GITHUB_ACTIONS=true`).
  var annotate: Bool
  /// The verb that speaks a sentence about a report that was not written (`record --check`), or
  /// nil when the program does; ``Program/prefix(_:)`` renders it.
  var speaker: String?
  /// What fails when one was not written (`run`, `check`).
  var subject: String
  var output: CommandOutput

  /// The outputs `options` ask for, files resolved against the folder the command was run from.
  init(
    _ options: ParsedArguments, context: CommandContext, location: ManifestLocation?, speaker: String? = nil,
    subject: String = "run"
  ) {
    let requested = { (path: String) in
      let typed = options.shard?.reportPath(path) ?? path
      return RequestedFile(url: resolve(typed, against: context.folder), typed: typed)
    }
    json = options.json
    junit = options.junit.map(requested)
    html = options.html.map(requested)
    self.location = location
    annotate = GitHubAnnotations.enabled(environment: context.environment)
    self.speaker = speaker
    self.subject = subject
    output = context.output
  }

  /// Writes the requested files (rendered only when asked for) and gives the verdict: `passed`,
  /// and every requested file written (the reason said for each that was not).
  func writeRequested(passed: Bool, junit: () -> String, html: (() -> String)? = nil) -> Bool {
    var written = true
    if let file = self.junit { written = write(junit(), to: file, kind: "JUnit") && written }
    if let file = self.html, let html { written = write(html(), to: file, kind: "HTML") && written }
    return passed && written
  }

  /// The annotations, then standard output, each stating `passed`.
  func print(
    passed: Bool, annotations: () -> [String], json: (Bool) -> String, human: (Bool) -> String
  ) {
    if annotate {
      // Under --json, stdout holds exactly one object; the runner reads workflow commands on stderr too.
      for line in annotations() { output.workflowCommand(line, toStandardError: self.json) }
    }
    if self.json { output.json(json(passed)) } else { output.write(human(passed)) }
  }

  /// Writes one requested file; false, with the reason said, when it could not be written.
  func write(_ text: String, to file: RequestedFile, kind: String) -> Bool {
    do throws(ReportWriteError) {
      let notes = try RequestedReport.write(text, to: file, location: location)
      for note in notes { output.diagnostic(Program.prefix() + note) }
      return true
    } catch {
      output.diagnostic(
        Program.prefix(speaker)
          + "the \(kind) report you asked for was not written, so the \(subject) fails: \(error.description)")
      return false
    }
  }
}
