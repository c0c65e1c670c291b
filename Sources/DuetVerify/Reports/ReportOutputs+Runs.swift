/// The machine report a verb keeps in `.runs/` beside the outputs the user asked for.
extension ReportOutputs {
  /// Keeps `json`, the run's report as `--json` prints it, in `.runs/<folder>/summary.json`
  /// (``RunsRoot/writeFile(_:to:in:location:notes:)``), so a CI step can upload it and a tool read
  /// the last run without parsing the terminal. Like `verify`'s `.runs/` it is not asked for: a
  /// failure to write it is said, and the verdict stands. What was replaced on the way (a link, a
  /// named pipe) is said too. Nothing is written without a manifest location.
  func keepInRuns(_ json: String, folder: String) {
    guard let location else { return }
    let notes = ReportNotes()
    do throws(ReportWriteError) {
      try RunsRoot.writeFile(Array(json.utf8), to: "summary.json", in: folder, location: location, notes: notes)
    } catch {
      output.diagnostic(
        Program.prefix(speaker) + "warning: the run's report (.runs/\(folder)/summary.json) was not written: "
          + error.description)
    }
    for note in notes.all { output.diagnostic(Program.prefix(speaker) + note) }
  }
}
