import Dispatch
import DuetPlatform
import DuetRunner

/// Builds the manifest's `replayRunner` package when no `--runner` is given.
///
/// `swift build --product replay-runner` runs in the package folder unless the package's build stamp
/// (RunnerBuildStamp) shows that no input of the build changed since the last successful one and
/// that its executable is the one that build left: then the build is skipped (a few milliseconds
/// instead of a SwiftPM invocation), and any doubt at all means it runs. So a verify never replays a
/// runner older than its sources; `force` (`--rebuild`) always builds. The build's output is captured
/// and shown only when it fails, so a passing gate prints nothing but its verdict.
/// The product must be the package's own: duet-verify exports no `replay-runner`, and a package that
/// does not declare one is refused before SwiftPM could pick one out of a dependency.
enum RunnerBuilder {
  /// The product every runner package builds (the Duet convention).
  static let product = "replay-runner"
  /// The build's arguments to `swift`.
  static let arguments = ["build", "--product", product]

  /// Why the runner could not be built; `message` is its sentence (`Diagnostic` adds the prefix).
  enum BuildError: Diagnostic, Equatable, Sendable {
    /// `shown` (the package folder as shown) has no readable Package.swift.
    case notAPackage(shown: String)
    /// `shown`/Package.swift declares no `replay-runner` product; `near` is a quoted name in it a
    /// typo away (`replay_runner`), when there is one.
    case noRunnerProduct(shown: String, near: String? = nil)
    /// No `swift` on `PATH`.
    case noSwift
    /// `swift build` could not be started.
    case cannotSpawn(SpawnFailure)
    /// `swift build` in `package` ended with `status`; `output` is its combined output (the tail).
    case failed(package: String, status: ExitStatus, output: String)

    /// The build's combined output (its tail), shown to the user; empty when it did not run.
    var output: String {
      if case .failed(_, _, let output) = self { return output }
      return ""
    }

    var message: String {
      switch self {
      case .notAPackage(let shown):
        return "replayRunner: \(shown) is not a SwiftPM package (no readable \(shown)/Package.swift). "
          + "Name the folder of the package that builds your `\(product)` as replayRunner: in the manifest, "
          + "or give a built runner with \(Option.runner.rawValue) CMD."
      case .noRunnerProduct(let shown, let near?):
        return
          "\(shown)/Package.swift declares no `\(product)` product, but it names \"\(near)\": a typo? The runner must "
          + "be called exactly `\(product)`: rename the executable target (and its folder under Sources/), or give a "
          + "built runner with \(Option.runner.rawValue) CMD."
      case .noRunnerProduct(let shown, nil):
        return
          "\(shown)/Package.swift declares no `\(product)` product, so there is no runner to build "
          + "(a dependency's would serve another app's features). Add `.executableTarget(name: \"\(product)\", …)` whose "
          + "main.swift serves your registry (README: Adopt it in your app), or give a built runner with \(Option.runner.rawValue) CMD."
      case .noSwift:
        return "cannot build the replay runner: 'swift' is not on PATH. Install the toolchain, "
          + "or give a built runner with \(Option.runner.rawValue) CMD."
      case .cannotSpawn(let failure): return "cannot run swift build: \(failure)."
      case .failed(let package, let status, _):
        return "building the replay runner failed (swift build --product \(product) in \(package), "
          + "\(status)). Fix the build above, or give a built runner with \(Option.runner.rawValue) CMD."
      }
    }
  }

  /// A built runner: the command that starts it in the repository root, the wall time of the build
  /// (or of finding it up to date), whether the build was skipped as up to date, and why it ran.
  struct Built: Equatable, Sendable {
    var command: RunnerCommand
    var millis: Int
    var upToDate = false
    /// Why the build ran (`Sources/Logic/Logic.swift changed`, `--rebuild`); nil when skipped.
    var reason: String?
  }

  /// The string literal of a Package.swift text that is a typo away from `replay-runner`
  /// (`replay_runner`, `ReplayRunner`), for the sentence that refuses the package.
  static func nearProductName(in text: String) -> String? {
    let literals = text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 && !$0.element.contains("\n") }.map { String($0.element) }
    return Suggestion.closest(to: product, among: literals)
  }

  /// Builds `replay-runner` in `package` (unless it is up to date and not `force`) and returns the
  /// command that starts it in `root`; `starting` is called just before a real build begins.
  /// Before building, the products of every module whose sources are not byte for byte what the
  /// last build compiled are removed (RunnerRebuildPlan), so the compiler cannot take an edit given
  /// back its old time for no edit.
  static func build(
    package: URL, root: URL, environment: [String: String], force: Bool = false, starting: () -> Void = {}
  ) throws(BuildError) -> Built {
    let shown = displayPath(package, root: root)
    let manifest = package.appendingPathComponent("Package.swift")
    guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { throw .notAPackage(shown: shown) }
    guard text.contains("\"\(product)\"") else { throw .noRunnerProduct(shown: shown, near: nearProductName(in: text)) }
    guard let swift = RunnerCommand.search("swift", path: environment["PATH"] ?? "/usr/bin:/bin") else {
      throw .noSwift
    }
    let started = DispatchTime.now().uptimeNanoseconds
    let executable = package.appendingPathComponent(".build/debug/\(product)")
    let command = RunnerCommand(executable: executable.path, workingDirectory: root)
    let stamp = RunnerBuildStamp(package: package, executable: executable)
    let before = RunnerFingerprint.take(package: package, swift: swift, arguments: arguments, environment: environment)
    if !force, let before, stamp.matches(before) {
      let millis = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
      return Built(command: command, millis: millis, upToDate: true)
    }
    let last = stamp.read()
    let plan = RunnerRebuildPlan.plan(last: last, now: before, outputs: stamp.outputs(), force: force, root: root)
    if let before {
      stamp.write(RunnerBuildStamp.building(last: last, now: before))
    } else {
      stamp.remove()
    }
    plan.apply(products: stamp.products)
    starting()
    let buildStarted = RunnerBuildStamp.now()
    let process: SpawnedProcess
    do {
      process = try SpawnedProcess.spawn(
        executable: swift, arguments: arguments, workingDirectory: package.path, mergeErrors: true)
    } catch {
      throw .cannotSpawn(error)
    }
    closeDescriptor(process.input)
    let output = readAll(process.output)
    closeDescriptor(process.output)
    let status = process.reap(grace: 24 * 3600)
    let after = RunnerFingerprint.take(package: package, swift: swift, arguments: arguments, environment: environment)
    if let after {
      stamp.write(
        RunnerBuildStamp.record(
          before: before, after: after, started: buildStarted, succeeded: status == .status(0),
          outputs: stamp.outputs()))
    } else {
      stamp.remove()
    }
    guard status == .status(0) else { throw .failed(package: package.path, status: status, output: output) }
    let millis = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
    return Built(command: command, millis: millis, reason: plan.reason)
  }

  /// `path` relative to `root` when inside it (`.` for the root itself), else absolute.
  static func displayPath(_ url: URL, root: URL) -> String {
    let path = url.standardizedFileURL.path
    let base = root.standardizedFileURL.path
    if path == base { return "." }
    if path.hasPrefix(base.hasSuffix("/") ? base : base + "/") {
      return String(path.dropFirst(base.count).drop { $0 == "/" })
    }
    return path
  }

  /// Everything written to `fd` until it closes, keeping the last `limit` bytes (1 MiB: a build's
  /// log is read for its end).
  static func readAll(_ fd: Int32, keepingLast limit: Int = 1 << 20) -> String {
    var kept: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EAGAIN || errno == EINTR || errno == EWOULDBLOCK { continue }
        break
      }
      kept.append(contentsOf: chunk[0..<count])
      if kept.count > limit { kept.removeFirst(kept.count - limit) }
    }
    return String(decoding: kept, as: UTF8.self)
  }
}
