import DuetPlatform

/// `.runs/` beside the manifest: a real folder inside the repository, ignored by git (it writes
/// `.runs/.gitignore` containing `*` when there is none).
///
/// `.runs` itself being a link is refused: following it would write outside the repository (or
/// show another repository's report), and removing it would delete something the tool did not
/// make. So is a `parity` folder that is a link leading out of the repository. Everything below is
/// reached through ``SafeFolder``.
enum RunsRoot {
  /// `.runs/` opened for writing, made when missing.
  static func open(_ location: ManifestLocation, notes: ReportNotes) throws(ReportWriteError) -> SafeFolder {
    let display = location.relativePath(of: location.runsFolder)
    try refuseOutsideLink(location, doing: "writes")
    let parent = try SafeFolder.user(
      location.folder.path, display: location.relativePath(of: location.folder), notes: notes)
    let runs: SafeFolder
    do {
      runs = try parent.folder(".runs", replacing: false)
    } catch  where error.refused {
      throw ReportWriteError(path: display, refused: "a link or not a folder")
    }
    if runs.kind(of: ".gitignore") == nil { try runs.writeAtomically("*\n", to: ".gitignore") }
    return runs
  }

  /// `.runs/` opened for reading: nil when there is none; refused (a sentence) when it is a link or
  /// lies behind a link leading out of the repository, so only this repository's report is read.
  static func openForReading(_ location: ManifestLocation) throws(ReportWriteError) -> SafeFolder? {
    try refuseOutsideLink(location, doing: "reads")
    let display = location.relativePath(of: location.runsFolder)
    guard let parent = SafeFolder.existing(location.folder.path, display: location.relativePath(of: location.folder))
    else { return nil }
    if parent.kind(of: ".runs") == S_IFLNK {
      throw ReportWriteError(
        path: display,
        reason: "\(display) is a link, and \(Program.name) reads only the report it wrote itself",
        next: "Remove it (rm \(display)) and run verify again.")
    }
    return parent.existingFolder(".runs")
  }

  /// Refuses a folder between the repository root and the manifest's folder that is a link
  /// leading outside the repository (`parity -> /elsewhere`).
  static func refuseOutsideLink(_ location: ManifestLocation, doing verb: String) throws(ReportWriteError) {
    let relative = location.relativePath(of: location.folder)
    guard relative != ".", !relative.hasPrefix("/"),
      let outside = OutsideLink.first(along: relative.split(separator: "/").map(String.init), under: location.root)
    else { return }
    throw ReportWriteError(
      path: outside.link, reason: outside.clause + ", and \(Program.name) \(verb) .runs/ only inside it",
      next: "Make \(outside.link) a real folder of the repository, or give --manifest the manifest where it really is.")
  }
}

extension RunsRoot {
  /// Writes `bytes` to `.runs/<folder>/<name>` whole: the one way a verb keeps a single file of its
  /// own under `.runs/` (the strength verbs' reports, the drill's result cache), beside the report
  /// `verify` streams (``StreamedRunsFolder``), whose folder it never enters.
  ///
  /// The guarantees are ``SafeFolder``'s: `.runs` itself being a link is refused; a link or a file
  /// at `.runs/<folder>` is removed and a real folder made; the file is written under a temporary
  /// name and renamed over `<name>`, so whatever stood there (a link, a named pipe, a hard link to a
  /// recording) is replaced without being opened, and a reader sees the old file or the new one,
  /// never half of either. What was replaced is said in `notes`. A temporary a killed run left
  /// there (its process gone, ``TemporaryName/isStray(_:)``) is removed first.
  static func writeFile(
    _ bytes: [UInt8], to name: String, in folder: String, location: ManifestLocation, notes: ReportNotes
  ) throws(ReportWriteError) {
    let target = try open(location, notes: notes).folder(folder)
    target.removeOwned(where: TemporaryName.isStray)
    try target.writeAtomically(bytes: bytes, to: name)
  }
}
