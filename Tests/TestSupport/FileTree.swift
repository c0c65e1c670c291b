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
}
