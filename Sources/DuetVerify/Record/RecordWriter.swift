import DuetPlatform

/// Writes recordings: into the fixtures folder (`record`, `record --check --write`) or into the
/// review folder `.runs/record-check/` (`record --check`).
///
/// Every file goes through ``SafeFolder``: a short temporary name, then a rename, so a reader never
/// sees half a recording and a name of any length can be recorded. Temporaries a killed `record`
/// left in the fixtures folder are removed first (only those: by their name, and only when the
/// process that made them is gone). The review folder is reached without following links, and
/// only recordings are ever removed from it. Callers write only after every target has compiled.
enum RecordWriter {
  /// Writes each recording to `fixtures/<name>.fixture.json`.
  static func write(_ fixtures: [RecordedFixture], location: ManifestLocation) throws(RecordWriteError) {
    let folder: SafeFolder
    do {
      folder = try SafeFolder.user(
        location.fixturesFolder.path, display: location.relativePath(of: location.fixturesFolder))
    } catch {
      throw RecordWriteError(error: error, writtenBefore: 0)
    }
    folder.removeOwned(where: TemporaryName.isStray)
    try write(fixtures, into: folder)
  }

  /// Replaces the review folder's recordings with `fixtures` (removing any left from an earlier
  /// check); a link replaced on the way is noted in `notes`.
  static func stage(_ fixtures: [RecordedFixture], location: ManifestLocation, notes: ReportNotes)
    throws(RecordWriteError)
  {
    let review: SafeFolder
    do {
      review = try RunsRoot.open(location, notes: notes).folder("record-check")
    } catch {
      throw RecordWriteError(error: error, writtenBefore: 0)
    }
    let kept = Set(fixtures.map { $0.name + ".fixture.json" })
    review.removeOwned(where: { $0.hasSuffix(".fixture.json") || TemporaryName.isStray($0) }, keeping: kept)
    try write(fixtures, into: review)
  }

  private static func write(_ fixtures: [RecordedFixture], into folder: SafeFolder) throws(RecordWriteError) {
    var written = 0
    for fixture in fixtures {
      do {
        try folder.writeAtomically(fixture.text, to: fixture.name + ".fixture.json")
      } catch {
        throw RecordWriteError(error: error, writtenBefore: written)
      }
      written += 1
    }
  }
}

/// A recording could not be written.
struct RecordWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What failed, and why.
  var error: ReportWriteError
  /// Recordings written before it.
  var writtenBefore: Int

  var description: String {
    let before =
      "\(writtenBefore) \(writtenBefore == 1 ? "recording was" : "recordings were") written before it"
    return error.refused
      ? "\(error.reason); \(before). Remove it (rm \(error.path)), then record again."
      : "\(error.reason); \(before). Record again once that is fixed."
  }
}
