import Foundation

/// Warns when an explicit `--runner PATH` may replay stale code: a source of the SwiftPM package it
/// was built from changed after both the runner and the last compilation of that source's module.
///
/// The package is the nearest folder above the executable holding a `Package.swift` (a runner in
/// `<package>/.build/debug/`); every `.swift` file under its `Sources/<Target>/` counts. A source
/// newer than the runner but older than its module's build products (`<Target>.build/` beside the
/// runner) was compiled since, into a module this runner does not link: no warning. A runner outside
/// any package (a Kotlin runner, a script) is not judged, nor are the sources of path dependencies.
enum StaleRunnerCheck {
  /// The warning sentence, or nil when nothing suggests the runner is older than its sources.
  static func warning(executable: String, root: URL) -> String? {
    let given = URL(fileURLWithPath: executable)
    let runner = given.resolvingSymlinksInPath()
    guard let built = modified(runner), let package = enclosingPackage(of: runner) else { return nil }
    guard let changed = changedSource(in: package, after: built, products: runner.deletingLastPathComponent())
    else { return nil }
    let shownPackage = RunnerBuilder.displayPath(package, root: root)
    return "\(Program.name): warning: the runner \(RunnerBuilder.displayPath(given, root: root)) is older than "
      + "\(RunnerBuilder.displayPath(changed, root: root)), so it may replay stale code. Rebuild it (swift build in "
      + "\(shownPackage == "." ? "the repository root" : shownPackage)), or leave out --runner to have \(Program.name) "
      + "build the manifest's replayRunner package whenever its sources change."
  }

  static func enclosingPackage(of executable: URL) -> URL? {
    var folder = executable.deletingLastPathComponent()
    while folder.path != "/" && !folder.path.isEmpty {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
      folder.deleteLastPathComponent()
    }
    return nil
  }

  /// The newest source of `package` changed after `date` and after its module was last compiled
  /// into `products` (a module never compiled there is not this runner's).
  static func changedSource(in package: URL, after date: Date, products: URL) -> URL? {
    let sources = package.appendingPathComponent("Sources")
    let targets = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
    var newest: (url: URL, time: Date)?
    for target in targets.sorted() {
      let moduleProducts = products.appendingPathComponent(c99Name(target) + ".build")
      guard let compiled = newestFile(in: moduleProducts, suffix: nil) else { continue }
      guard let source = newestFile(in: sources.appendingPathComponent(target), suffix: ".swift") else { continue }
      if source.time > date, source.time > compiled.time, source.time > (newest?.time ?? .distantPast) {
        newest = source
      }
    }
    return newest?.url
  }

  /// The most recently modified file under `folder` (whose name ends in `suffix`, when given).
  static func newestFile(in folder: URL, suffix: String?) -> (url: URL, time: Date)? {
    guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return nil }
    var newest: (url: URL, time: Date)?
    for case let url as URL in walk where suffix.map({ url.lastPathComponent.hasSuffix($0) }) ?? true {
      if let time = modified(url), time > (newest?.time ?? .distantPast) { newest = (url, time) }
    }
    return newest
  }

  /// SwiftPM's module name for a target folder: `foyer-runner` → `foyer_runner`.
  static func c99Name(_ target: String) -> String {
    String(target.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
  }

  /// One `stat` (FileManager's attributes would also look up the owner's name, reading the
  /// name-service configuration once per file).
  static func modified(_ url: URL) -> Date? {
    guard let identity = FileIdentity.of(url.path, follow: true) else { return nil }
    return Date(timeIntervalSince1970: Double(identity.modified) / 1_000_000_000)
  }
}
