import DuetPlatform

/// What the fixtures folder holds, from one pass over it: the recordings directly in it, the
/// temporary files a killed `record` left, and the recordings in its subfolders (which no verb
/// reads: recordings are found by name directly in the folder, so lint names each one).
struct FixturesListing: Sendable {
  /// Names of the `*.fixture.json` files directly in the folder, suffix cut off, in folder order.
  var recordings: [String] = []
  /// Names of the `.duet-<pid>-<hex>.tmp` files whose process is gone, sorted.
  var strayTemporaries: [String] = []
  /// Paths below the folder (`sub/x.fixture.json`) of recordings in subfolders, sorted. Hidden
  /// folders (`.git`, `.runs`) and links are not entered.
  var nestedRecordings: [String] = []

  static let suffix = ".fixture.json"

  /// The listing of the folder open as `handle`: one `readdir` pass, a `String` only for the names
  /// kept, folders told by `d_type` (a `stat` only when the file system does not say).
  init(handle: FixturesFolderHandle, folder: String) {
    let suffix = Array(Self.suffix.utf8)
    var folders: [String] = []
    var temporaries: [String] = []
    DirectoryEntries.forEachEntry(in: handle.descriptor) { name, type in
      guard let first = name.first else { return }
      if first == UInt8(ascii: ".") {
        if name.count > 5, name.starts(with: Array(".duet-".utf8)) {
          temporaries.append(String(decoding: name, as: UTF8.self))
        }
        return
      }
      if name.count > suffix.count, name[(name.count - suffix.count)...].elementsEqual(suffix) {
        recordings.append(
          String(decoding: UnsafeBufferPointer(rebasing: name[..<(name.count - suffix.count)]), as: UTF8.self))
      }
      if type == DT_DIR || (type == DT_UNKNOWN && Self.isFolder(name.baseAddress!, in: handle.descriptor)) {
        folders.append(String(decoding: name, as: UTF8.self))
      }
    }
    strayTemporaries = temporaries.filter(TemporaryName.isStray).sorted()
    nestedRecordings = folders.flatMap { Self.recordings(under: folder + "/" + $0, shown: $0, depth: 1) }.sorted()
  }

  /// The listing through `FileManager`, for a folder that could not be held open.
  init(folder: String) {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    recordings = entries.filter { $0.hasSuffix(Self.suffix) && !$0.hasPrefix(".") }.map {
      String($0.dropLast(Self.suffix.count))
    }
    strayTemporaries = entries.filter(TemporaryName.isStray).sorted()
    nestedRecordings = entries.filter { !$0.hasPrefix(".") && Self.isPlainFolder(folder + "/" + $0) }
      .flatMap { Self.recordings(under: folder + "/" + $0, shown: $0, depth: 1) }.sorted()
  }

  /// The deepest subfolder looked into: a corpus is flat, so a deeper tree is not a mistake worth
  /// a long walk.
  static let maximumDepth = 8

  /// The recordings anywhere under `path` (shown as `shown/…`), not following links.
  static func recordings(under path: String, shown: String, depth: Int) -> [String] {
    guard depth <= maximumDepth, let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
      return []
    }
    var found: [String] = []
    for entry in entries where !entry.hasPrefix(".") {
      let full = path + "/" + entry
      if isPlainFolder(full) {
        found += recordings(under: full, shown: shown + "/" + entry, depth: depth + 1)
      } else if entry.hasSuffix(suffix) {
        found.append(shown + "/" + entry)
      }
    }
    return found
  }

  /// True when `path` is a folder itself, not a link to one.
  static func isPlainFolder(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// True when the entry `name` of the open folder `descriptor` is a folder (not a link to one).
  static func isFolder(_ name: UnsafePointer<UInt8>, in descriptor: Int32) -> Bool {
    var info = stat()
    let found = name.withMemoryRebound(to: CChar.self, capacity: 1) {
      fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW)
    }
    return found == 0 && info.st_mode & S_IFMT == S_IFDIR
  }
}
