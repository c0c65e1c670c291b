import DuetPlatform
import DuetRunner

/// Warns when an explicit `--runner PATH` may replay stale code: a source of the SwiftPM package it
/// was built from changed after both the runner and the last compilation of that source's module.
///
/// The package is the nearest folder above the executable holding a `Package.swift` (a runner in
/// `<package>/.build/debug/`); every `.swift` file under its `Sources/<Target>/` counts. A source
/// newer than the runner but older than its module's build products (`<Target>.build/` beside the
/// runner) was compiled since, into a module this runner does not link: no warning. A runner outside
/// any package (a Kotlin runner, a script) is not judged, nor are the sources of path dependencies.
///
/// Times can be given back (`touch -r`), so when the runner is the one duet-verify last built in
/// that package (its build stamp vouches for it, byte for byte), the package's inputs are compared
/// by content instead (RunnerBuildStamp). Otherwise it cannot tell by content and compares times
/// only, without a note on every run (a passing gate prints nothing but its verdict); the docs say so.
enum StaleRunnerCheck {
  /// The warning for an explicit runner that may be stale: by content when its package's stamp
  /// vouches for it (nil when it was built from exactly what is on disk now), else by time (nil
  /// when nothing suggests it is older than its sources, or it is outside any package).
  static func judge(executable: String, root: URL, environment: [String: String]) -> String? {
    let given = URL(fileURLWithPath: executable)
    let runner = given.resolvingSymlinksInPath()
    guard let package = enclosingPackage(of: runner) else { return nil }
    let shownRunner = RunnerBuilder.displayPath(given, root: root)
    if let change = changeByContent(runner: runner, package: package, root: root, environment: environment) {
      guard let change else { return nil }
      return Program.prefix() + "warning: the runner \(shownRunner) was not built from what is on disk now (\(change) "
        + "since its build), so it may replay stale code. Rebuild it, or leave out \(Option.runner.rawValue) to have \(Program.name) "
        + "build the manifest's replayRunner package."
    }
    return warning(given: given, runner: runner, package: package, root: root)
  }

  /// By the package's build stamp, when it vouches for exactly this executable: `.some(nil)` when
  /// nothing changed, `.some(change)` naming the first change; nil when the stamp cannot tell.
  static func changeByContent(runner: URL, package: URL, root: URL, environment: [String: String]) -> String?? {
    let executable = package.appendingPathComponent(".build/debug/\(RunnerBuilder.product)")
    guard executable.resolvingSymlinksInPath().path == runner.path else { return nil }
    let stamp = RunnerBuildStamp(package: package, executable: executable)
    guard let record = stamp.read(), record.status == .trusted, let outputs = stamp.outputs(),
      RunnerBuildStamp.sameContent(record.outputs, outputs),
      let swift = RunnerCommand.search("swift", path: environment["PATH"] ?? "/usr/bin:/bin")
    else { return nil }
    let now = RunnerFingerprint.take(
      package: package, swift: swift, arguments: RunnerBuilder.arguments, environment: environment)
    if let now, stamp.matches(now) { return .some(nil) }
    return .some(RunnerRebuildPlan.plan(last: record, now: now, outputs: outputs, force: false, root: root).reason)
  }

  /// The warning sentence, or nil when nothing suggests the runner is older than its sources.
  static func warning(executable: String, root: URL) -> String? {
    let given = URL(fileURLWithPath: executable)
    let runner = given.resolvingSymlinksInPath()
    guard let package = enclosingPackage(of: runner) else { return nil }
    return warning(given: given, runner: runner, package: package, root: root)
  }

  /// ``warning(executable:root:)`` for the executable `given`, which resolves to `runner` in
  /// `package`: ``judge(executable:root:environment:)`` has found both already.
  static func warning(given: URL, runner: URL, package: URL, root: URL) -> String? {
    guard let built = FileIdentity.of(runner.path, follow: true)?.modified else { return nil }
    guard let changed = changedSource(in: package, after: built, products: runner.deletingLastPathComponent())
    else { return nil }
    let shownPackage = RunnerBuilder.displayPath(package, root: root)
    return Program.prefix() + "warning: the runner \(RunnerBuilder.displayPath(given, root: root)) is older than "
      + "\(RunnerBuilder.displayPath(changed, root: root)), so it may replay stale code. Rebuild it (swift build in "
      + "\(shownPackage == "." ? "the repository root" : shownPackage)), or leave out \(Option.runner.rawValue) to have \(Program.name) "
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
  /// into `products` (a module never compiled there is not this runner's). A module's products are
  /// walked only when one of its sources is newer than the runner (on a fresh build, none is).
  static func changedSource(in package: URL, after date: Int64, products: URL) -> URL? {
    let sources = package.appendingPathComponent("Sources").path
    let targets = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
    var newest: (path: String, time: Int64)?
    for target in targets.sorted() {
      guard let source = NewestFile.under(sources + "/" + target, suffix: ".swift"),
        source.time > date, source.time > (newest?.time ?? .min)
      else { continue }
      let moduleProducts = products.appendingPathComponent(c99Name(target) + ".build").path
      guard let compiled = NewestFile.under(moduleProducts, suffix: nil), source.time > compiled.time else { continue }
      newest = source
    }
    return newest.map { URL(fileURLWithPath: $0.path) }
  }

  /// SwiftPM's module name for a target folder: `foyer-runner` → `foyer_runner`.
  static func c99Name(_ target: String) -> String {
    String(target.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
  }
}
