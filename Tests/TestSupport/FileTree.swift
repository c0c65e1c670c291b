import Foundation

/// Every file under a folder, hidden ones and subfolders included, by relative path, with its
/// bytes: two equal snapshots mean nothing was written, renamed or left behind anywhere.
public enum FileTree {
  /// The snapshot of `root`.
  public static func snapshot(_ root: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return files }
    while let relative = walker.nextObject() as? String {
      let url = root.appendingPathComponent(relative)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
        files[relative] = FileManager.default.contents(atPath: url.path) ?? Data()
      }
    }
    return files
  }

  /// Every file and folder under `root` (folders end in `/`), sorted: what a failing test left
  /// behind, for its message.
  public static func listing(_ root: URL) -> [String] {
    var paths: [String] = []
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return paths }
    while let relative = walker.nextObject() as? String {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path, isDirectory: &isFolder)
      paths.append(isFolder.boolValue ? relative + "/" : relative)
    }
    return paths.sorted()
  }
}

extension FileTree {
  /// Writes each text of `files` (keyed by its path relative to `root`) as UTF-8, making the
  /// folders on the way: how the tests lay out a throwaway app or package.
  public static func write(_ files: [String: String], under root: URL) throws {
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }
}
