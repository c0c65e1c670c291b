import Foundation

/// Warns when an explicit `--runner PATH` is older than the sources of the SwiftPM package it was
/// built from: a reducer changed after the last build would otherwise replay the old code and pass.
///
/// The package is the nearest folder above the executable holding a `Package.swift` (a runner in
/// `<package>/.build/debug/`); its `Package.swift` and every `.swift` file under its `Sources/` count.
/// A runner outside any package (a Kotlin runner, a script) is not judged.
public enum StaleRunnerCheck {
  /// The warning sentence, or nil when the runner is at least as new as its package's sources.
  public static func warning(executable: String, root: URL) -> String? {
    let runner = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
    guard let built = modified(runner), let package = enclosingPackage(of: runner) else { return nil }
    guard let newer = newestSource(in: package, after: built) else { return nil }
    let shownRunner = RunnerBuilder.displayPath(URL(fileURLWithPath: executable), root: root)
    let shownSource = RunnerBuilder.displayPath(newer, root: root)
    let shownPackage = RunnerBuilder.displayPath(package, root: root)
    return "duet-verify: warning: the runner \(shownRunner) is older than \(shownSource), so it may replay stale code. "
      + "Rebuild it (swift build in \(shownPackage == "." ? "the repository root" : shownPackage)), or leave out "
      + "--runner to have duet-verify build the manifest's replayRunner package on every run."
  }

  static func enclosingPackage(of executable: URL) -> URL? {
    var folder = executable.deletingLastPathComponent()
    while folder.path != "/" && !folder.path.isEmpty {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
      folder.deleteLastPathComponent()
    }
    return nil
  }

  /// The first source of `package` found modified after `date` (its Package.swift, then Sources/).
  static func newestSource(in package: URL, after date: Date) -> URL? {
    let manifest = package.appendingPathComponent("Package.swift")
    if let time = modified(manifest), time > date { return manifest }
    let sources = package.appendingPathComponent("Sources")
    guard
      let walk = FileManager.default.enumerator(
        at: sources, includingPropertiesForKeys: [.contentModificationDateKey], options: [.skipsHiddenFiles])
    else { return nil }
    var newest: (url: URL, time: Date)?
    for case let url as URL in walk where url.pathExtension == "swift" {
      if let time = modified(url), time > date, time > (newest?.time ?? .distantPast) { newest = (url, time) }
    }
    return newest?.url
  }

  static func modified(_ url: URL) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
  }
}
