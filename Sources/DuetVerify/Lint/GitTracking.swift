import Foundation

/// Which files of a folder git tracks, asked once (`git ls-files`), so lint advises `git rm` only
/// for a file git would remove; an untracked file is deleted or listed instead.
enum GitTracking {
  /// The tracked files under `folder`, as paths relative to it; empty when it is not in a git work
  /// tree or git is not installed.
  static func trackedFiles(in folder: URL) -> Set<String> {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", folder.path, "ls-files", "-z"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return [] }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return [] }
    return Set(data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
  }
}
