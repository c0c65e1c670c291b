import Foundation

/// Writes recordings: into the fixtures folder (`record`, `record --check --write`) or into the
/// review folder `.runs/record-check/` (`record --check`).
///
/// Every file goes through `AtomicFile` (a temporary file in the same folder, then a rename), so a
/// reader never sees half a recording. Callers write only after every target has compiled.
enum RecordWriter {
  /// Writes each recording to `<folder>/<name>.fixture.json`.
  static func write(_ fixtures: [RecordedFixture], into folder: URL, display: (URL) -> String) throws(RecordWriteError)
  {
    var written = 0
    for fixture in fixtures {
      let url = folder.appendingPathComponent(fixture.name + ".fixture.json")
      do {
        try AtomicFile.write(fixture.text, to: url)
      } catch {
        throw RecordWriteError(file: display(url), reason: error.localizedDescription, writtenBefore: written)
      }
      written += 1
    }
  }

  /// Replaces the review folder's recordings with `fixtures` (removing any left from an earlier check).
  static func stage(_ fixtures: [RecordedFixture], into folder: URL, display: (URL) -> String) throws(RecordWriteError)
  {
    let kept = Set(fixtures.map { $0.name + ".fixture.json" })
    let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for stale in existing where stale.hasSuffix(".fixture.json") && !kept.contains(stale) {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(stale))
    }
    try write(fixtures, into: folder, display: display)
  }
}

/// A recording could not be written.
struct RecordWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file that failed.
  var file: String
  /// The system's reason.
  var reason: String
  /// Recordings written before it.
  var writtenBefore: Int

  var description: String {
    "cannot write \(file) (\(reason)); \(writtenBefore) \(writtenBefore == 1 ? "recording was" : "recordings were") "
      + "written before it. Check that the folder is writable, then record again."
  }
}
