import Foundation

/// Writes a file atomically: a temporary file in the same folder, then `rename(2)` over the target.
///
/// A reader (`explain`, a CI artifact upload) never sees a half-written report, even when a run is
/// interrupted.
enum AtomicFile {
  static func write(_ text: String, to url: URL) throws {
    let folder = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    do {
      try Data(text.utf8).write(to: temporary)
      guard rename(temporary.path, url.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }
}
