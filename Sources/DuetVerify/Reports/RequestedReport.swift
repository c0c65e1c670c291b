import DuetPlatform

/// A report file the user asked for (`--junit FILE`, `--html FILE`): written where they asked, and
/// nowhere else.
///
/// The path comes from a command line, often a CI script run on a pull request's checkout, so the
/// checkout must not be able to redirect it: a relative path whose folder is a committed link
/// leading out of the repository is refused (an absolute path is taken as meant, links and all).
/// And whatever the path, a report never lands in the recordings folder or on the manifest.
/// The file itself is written whole through ``SafeFolder`` (one rename, never through what is there).
enum RequestedReport {
  /// Writes `text` to `file` for the repository of `location` (`nil` where there is none, as for
  /// `merge` away from the shards' corpus: then only the whole-file write holds); the notes on what
  /// it replaced (a named pipe where the file goes), for the verb to print.
  static func write(_ text: String, to file: RequestedFile, location: ManifestLocation?)
    throws(ReportWriteError) -> [String]
  {
    if let location, let refusal = refusal(of: file.typed, at: file.url, location: location) { throw refusal }
    let notes = ReportNotes()
    try SafeFolder.writeFile(text, at: file.url, notes: notes)
    return notes.all
  }

  /// Why `path` (resolved to `url`) is not written, or nil when it may be.
  static func refusal(of path: String, at url: URL, location: ManifestLocation) -> ReportWriteError? {
    let shown = location.relativePath(of: url)
    // Where the write lands: `url`'s folder as the system resolves it.
    let target = resolvedTarget(url.path)
    if let fixtures = OutsideLink.realPath(location.fixturesFolder.path), OutsideLink.isInside(target, fixtures) {
      let recordings = location.relativePath(of: location.fixturesFolder)
      return ReportWriteError(
        path: shown,
        reason:
          "\(shown) is not written: it is inside the recordings folder (\(recordings)), and a report never goes there",
        next: "Give a report path outside \(recordings).")
    }
    if let manifest = OutsideLink.realPath(location.file.path), target == manifest {
      return ReportWriteError(
        path: shown, reason: "\(shown) is not written: it is the manifest, and a report never replaces it",
        next: "Give another report path.")
    }
    let relative = location.relativePath(of: url.deletingLastPathComponent())
    guard !path.hasPrefix("/"), !relative.hasPrefix("/"),
      let outside = OutsideLink.first(along: relative.split(separator: "/").map(String.init), under: location.root)
    else { return nil }
    return ReportWriteError(
      path: shown, reason: "\(shown) is not written: " + outside.clause,
      next: "Give the report's absolute path if that is where you want it, or a path inside the repository.")
  }

  /// `path` with the links of its deepest existing folder resolved (the rest does not exist yet).
  static func resolvedTarget(_ path: String) -> String {
    var folder = PathText.deletingLast(path)
    var rest = [PathText.last(path)]
    while !folder.isEmpty && folder != "/" {
      if let real = OutsideLink.realPath(folder) { return ([real] + rest.reversed()).joined(separator: "/") }
      rest.append(PathText.last(folder))
      folder = PathText.deletingLast(folder)
    }
    return "/" + rest.reversed().joined(separator: "/")
  }
}
