import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Walks folders depth first in name order, one line per file (RunnerFingerprint), noting the
/// newest status change of any file it saw. (A folder's own times are not inputs: an entry added or
/// removed shows as a line more or less, and a report written beside the sources must not count.)
struct FileWalk {
  var lines: [String] = []
  var newestChange: Int64 = 0

  /// Adds every file under `folder`; false when something there cannot be read or is a link to a folder.
  mutating func add(folder: String) -> Bool {
    guard let identity = FileIdentity.of(folder, follow: true), identity.isFolder else { return false }
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    var names: [String] = []
    DirectoryEntries.forEach(in: descriptor) { bytes in
      let name = String(decoding: bytes, as: UTF8.self)
      if !RunnerFingerprint.skippedFolders.contains(name) { names.append(name) }
    }
    _ = close(descriptor)
    for name in names.sorted() {
      let path = folder + "/" + name
      guard let identity = FileIdentity.of(path, follow: false) else { return false }
      if identity.isFolder {
        guard add(folder: path) else { return false }
        continue
      }
      newestChange = max(newestChange, identity.changed)
      guard identity.isLink else {
        lines.append("file \(identity.text) \(Self.escaped(path))")
        continue
      }
      // A link counts with what it points at; a link to a folder could reach anything (or loop), so
      // it gives no fingerprint. A dangling link counts as dangling: creating its target changes it.
      let destination = Self.escaped((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
      guard let target = FileIdentity.of(path, follow: true) else {
        lines.append("link \(identity.text) -> \(destination) dangling \(Self.escaped(path))")
        continue
      }
      guard !target.isFolder else { return false }
      newestChange = max(newestChange, target.changed)
      lines.append("link \(identity.text) -> \(destination) \(target.text) \(Self.escaped(path))")
    }
    return true
  }

  /// `path` on one line: a line feed or backslash in a name cannot make two trees read alike.
  static func escaped(_ path: String) -> String {
    path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
      .replacingOccurrences(of: "\r", with: "\\r")
  }
}
