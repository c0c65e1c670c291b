import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the last successful build of a runner package saw: its RunnerFingerprint and the identity
/// of the executable it left, kept in `<package>/.build/duet-verify-runner.stamp`.
///
/// The build may be skipped only when the fingerprint taken now and the executable's identity are
/// exactly the stamp's. The stamp is removed before every build and written after a successful one
/// only when it can be trusted: the fingerprint taken just before the build equals the one taken
/// after it (nothing was added, removed or edited meanwhile), and nothing walked changed less than
/// `settle` before the build began (file times are kept at the kernel's clock tick, so two edits in
/// one tick could read alike; git's "racily clean" problem). Anything else leaves no stamp, and the
/// next run builds.
struct RunnerBuildStamp {
  /// The stamp file.
  var file: URL
  /// The executable the build makes.
  var executable: URL

  /// The stamp's first line (a new format never matches an old stamp).
  static let header = "duet-verify runner stamp 1"
  /// How long before the build began every input must have last changed, in nanoseconds.
  static let settle: Int64 = 1_000_000_000

  init(package: URL, executable: URL) {
    file = package.appendingPathComponent(".build/duet-verify-runner.stamp")
    self.executable = executable
  }

  /// The stamp's text for `fingerprint` and the executable as it is now; nil when there is none.
  func expected(_ fingerprint: RunnerFingerprint) -> String? {
    guard let identity = FileIdentity.of(executable.path, follow: true), !identity.isFolder else { return nil }
    return "\(Self.header)\n\(fingerprint.text)executable \(identity.text) \(FileWalk.escaped(executable.path))\n"
  }

  /// True when the stamp says the last build saw exactly `fingerprint` and left the executable as it is.
  func matches(_ fingerprint: RunnerFingerprint) -> Bool {
    guard let expected = expected(fingerprint), let data = try? Data(contentsOf: file) else { return false }
    return data == Data(expected.utf8)
  }

  /// Removes the stamp (before a build: whatever happens next, it no longer vouches for anything).
  func remove() {
    unlink(file.path)
  }

  /// Writes the stamp after a successful build that began at `started` (ns since the epoch), when
  /// `before` (taken before it) and `after` (taken after it) agree and no input was changing.
  /// Returns whether it was written; a failure to write only costs the next run a build.
  @discardableResult
  func write(before: RunnerFingerprint?, after: RunnerFingerprint?, started: Int64) -> Bool {
    guard let before, let after, before == after, after.newestChange < started - Self.settle,
      let text = expected(after)
    else { return false }
    do {
      try Data(text.utf8).write(to: file, options: .atomic)
      return true
    } catch {
      remove()
      return false
    }
  }

  /// The wall clock now, in nanoseconds since the epoch (the clock file times are kept in).
  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}
