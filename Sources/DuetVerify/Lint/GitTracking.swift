import DuetPlatform
import DuetRunner

/// Which files of a folder git tracks, asked once (`git ls-files`), so lint advises `git rm` only
/// for a file git would remove; an untracked file is deleted or listed instead.
enum GitTracking {
  /// The tracked files under `folder`, as paths relative to it; empty when it is not in a git work
  /// tree or git is not installed.
  ///
  /// git runs as a ``SpawnedProcess`` (posix_spawn, its own process group, reaped exactly), as
  /// every child of the verifier does: Foundation's `Process` leaks a weak reference per run.
  static func trackedFiles(in folder: URL) -> Set<String> {
    guard
      let process = try? SpawnedProcess.spawn(
        executable: "/usr/bin/env", arguments: ["git", "-C", folder.path, "ls-files", "-z"],
        workingDirectory: folder.path, mergeErrors: false)
    else { return [] }
    closeDescriptor(process.input)
    // Its standard error is not read: closed, a word git writes there ends it, and the list is empty.
    closeDescriptor(process.errorOutput)
    let listed = RunnerBuilder.readAll(process.output, keepingLast: .max)
    closeDescriptor(process.output)
    guard process.reap(grace: 60) == .status(0) else { return [] }
    return Set(listed.split(separator: "\0").map(String.init))
  }
}
