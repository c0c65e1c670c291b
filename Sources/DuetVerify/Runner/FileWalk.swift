import DuetPlatform

/// Walks folders depth first in name order, one entry per file with the digest of its bytes
/// (RunnerFingerprint), noting the newest status change of any file it saw. (A folder's own times
/// are not inputs: an entry added or removed shows as an entry more or less, and a report written
/// beside the sources must not count.) A file reached twice (a target folder inside a package
/// folder) counts once.
struct FileWalk {
  var entries: [FingerprintEntry] = []
  var newestChange: Int64 = 0
  private var seen: Set<String> = []
  private var buffer: [UInt8] = []

  /// Folder names not entered below the folder a walk starts from: build products, history,
  /// reports. (A walk may start inside one: a target whose `path:` is under `.build/`.)
  static let skippedFolders: Set<String> = [".build", ".git", ".runs"]

  /// Adds every file under `folder`; false when something there cannot be read or is a link to a folder.
  mutating func add(folder: String) -> Bool {
    guard let identity = FileIdentity.of(folder, follow: true), identity.isFolder else { return false }
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    var names: [String] = []
    DirectoryEntries.forEach(in: descriptor) { bytes in
      let name = String(decoding: bytes, as: UTF8.self)
      if !Self.skippedFolders.contains(name) { names.append(name) }
    }
    _ = close(descriptor)
    for name in names.sorted() {
      let path = folder + "/" + name
      guard let identity = FileIdentity.of(path, follow: false) else { return false }
      if identity.isFolder {
        guard add(folder: path) else { return false }
        continue
      }
      guard seen.insert(path).inserted else { continue }
      newestChange = max(newestChange, identity.changed)
      guard identity.isLink else {
        guard let content = ContentHash.of(file: path, buffer: &buffer) else { return false }
        entries.append(
          FingerprintEntry(
            kind: "file", name: path, content: content, identity: identity.text, changed: identity.changed))
        continue
      }
      // A link counts with what it points at; a link to a folder could reach anything (or loop), so
      // it gives no fingerprint. A dangling link counts as dangling: creating its target changes it.
      let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
      let link = "link \(identity.text) -> \(FingerprintEntry.escaped(destination))"
      guard let target = FileIdentity.of(path, follow: true) else {
        entries.append(FingerprintEntry(kind: "file", name: path, content: "dangling", identity: link))
        continue
      }
      guard !target.isFolder, let content = ContentHash.of(file: path, buffer: &buffer) else { return false }
      newestChange = max(newestChange, target.changed)
      entries.append(
        FingerprintEntry(
          kind: "file", name: path, content: content, identity: link + " " + target.text,
          changed: max(identity.changed, target.changed)))
    }
    return true
  }

  /// Adds one file (a build output) as an entry of `kind`; false when it cannot be read.
  mutating func add(file path: String, kind: String) -> Bool {
    guard let identity = FileIdentity.of(path, follow: true), let content = ContentHash.of(file: path, buffer: &buffer)
    else { return false }
    entries.append(FingerprintEntry(kind: kind, name: path, content: content, identity: identity.text))
    return true
  }
}
