import DuetPlatform

/// Staging folders an older duet-verify left: before fresh staging folders carried their pid and a
/// lock (`.verify-<pid>-<hex>`, ``StreamedRunsFolder/removeAbandoned(in:)``), a run that lost
/// `.runs/.verify.lock` staged in `.runs/.verify-<hex>`, and one killed before its end left it there
/// for good: nothing named its process, so no later run could tell it was dead.
///
/// Such a folder is removed only when it is certainly one of those and certainly dead: its name has
/// exactly that form (`.verify-` and one to eight lowercase hexadecimal digits, as those versions
/// spelled a `UInt32`); it is a real folder, opened without following a link; no process holds a
/// lock on it; it holds nothing but what a staging folder holds (`summary.json` and other `.json`
/// reports, `fixtures/` and `lanes/<platform>/` of `.json` reports, temporaries
/// `.duet-<pid>-<hex>.tmp`), so a folder with anything else in it is left whole; and
/// nothing in it has changed for ``olderLeftoverAge`` seconds. Versions that made these names are
/// the only ones that could still be using one, and a run of them writes its staging folder as its
/// failures arrive and its summary at its end: a day without a change is no run.
extension StreamedRunsFolder {
  /// Seconds a `.verify-<hex>` folder must have been left unchanged before it counts as dead.
  static let olderLeftoverAge: Int = 24 * 60 * 60

  /// The start of the names an older version gave its fresh staging folders.
  private static let olderPrefix = ".verify-"

  /// Subfolder `name` of `runs`, opened and locked, when it is a staging folder an older version
  /// left (see above); nil for anything else. `now` is the time in seconds since 1970.
  static func olderLeftover(_ name: String, in runs: SafeFolder, now: Int = Int(time(nil))) -> SafeFolder? {
    guard isOlderStagingName(name), runs.kind(of: name) == S_IFDIR, let folder = runs.existingFolder(name) else {
      return nil
    }
    // A lock held means a live process uses it; a file system without `flock` on folders cannot say.
    guard flock(folder.descriptor, LOCK_EX | LOCK_NB) == 0 || errno != EWOULDBLOCK else { return nil }
    let latest = now - olderLeftoverAge
    guard changedAt(folder.descriptor, "", latest: latest), holdsOnlyReports(folder, latest: latest, level: .staging)
    else {
      return nil
    }
    return folder
  }

  /// `.verify-` and one to eight lowercase hexadecimal digits: the name an older version made.
  static func isOlderStagingName(_ name: String) -> Bool {
    guard name.hasPrefix(olderPrefix) else { return false }
    let hex = name.utf8.dropFirst(olderPrefix.utf8.count)
    return (1...8).contains(hex.count) && hex.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// Where in a staging folder a folder is: what it may hold.
  private enum Level {
    /// The staging folder: `.json` reports (`summary.json`), `fixtures/`, `lanes/`.
    case staging
    /// `fixtures/` (the staging folder's or a lane's): `.json` reports.
    case reports
    /// `lanes/`: one folder per platform.
    case lanes
    /// `lanes/<platform>/`: its `summary.json` and `fixtures/`.
    case lane

    /// The level of subfolder `name`, nil when this level holds no such folder.
    func inner(_ name: String) -> Level? {
      switch (self, name) {
      case (.staging, "fixtures"), (.lane, "fixtures"): .reports
      case (.staging, "lanes"): .lanes
      case (.lanes, _): .lane
      default: nil
      }
    }
  }

  /// Whether `folder` holds only what a staging folder holds at `level` (report files, and
  /// temporaries `.duet-<pid>-<hex>.tmp` of a write), none of it changed after `latest`.
  private static func holdsOnlyReports(_ folder: SafeFolder, latest: Int, level: Level) -> Bool {
    for name in folder.names() {
      guard changedAt(folder.descriptor, name, latest: latest) else { return false }
      switch folder.kind(of: name) {
      case S_IFREG?:
        guard (level != .lanes && name.hasSuffix(".json")) || TemporaryName.owner(of: name) != nil else { return false }
      case S_IFDIR?:
        guard let inner = level.inner(name), let opened = folder.existingFolder(name),
          holdsOnlyReports(opened, latest: latest, level: inner)
        else { return false }
      default:
        // A link, a pipe, anything else: not something a staging folder holds.
        return false
      }
    }
    return true
  }

  /// Whether entry `name` of the folder open at `descriptor` (the folder itself for "") was last
  /// modified (a file written, a folder's entries added or removed) no later than `latest`; never
  /// follows a link.
  private static func changedAt(_ descriptor: Int32, _ name: String, latest: Int) -> Bool {
    var info = stat()
    let found =
      name.isEmpty ? fstat(descriptor, &info) == 0 : fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0
    return found && Int(info.st_mtim.tv_sec) <= latest
  }
}
