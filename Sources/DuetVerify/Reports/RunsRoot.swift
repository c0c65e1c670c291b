import Foundation

/// `.runs/` beside the manifest, opened for writing: a real folder inside the repository, ignored
/// by git (it writes `.runs/.gitignore` containing `*` when there is none).
///
/// `.runs` itself being a link is refused: following it would write outside the repository, and
/// removing it would delete something the tool did not make. Everything below is reached through
/// ``SafeFolder``.
enum RunsRoot {
  static func open(_ location: ManifestLocation, notes: ReportNotes) throws(ReportWriteError) -> SafeFolder {
    let display = location.relativePath(of: location.runsFolder)
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
}
