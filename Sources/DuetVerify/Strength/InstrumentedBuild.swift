import Dispatch
import DuetPlatform
import DuetRunner

/// Builds a scratch copy's `replay-runner` with LLVM source-based coverage: every Swift target
/// of the build (the app's reducers and the libraries it links) is compiled with
/// `-profile-generate -profile-coverage-mapping`, into the scratch's own build folder.
///
/// Always a full build: the scratch is new each run, and nothing of the user's `.build/` is used.
enum InstrumentedBuild {
  /// The arguments after `swift` (without `instrumented`, a plain build: a mutation drill's).
  static func arguments(buildPath: URL, instrumented: Bool = true) -> [String] {
    ["build", "--product", RunnerBuilder.product, "--build-path", buildPath.path]
      + (instrumented ? ["-Xswiftc", "-profile-generate", "-Xswiftc", "-profile-coverage-mapping"] : [])
  }

  /// Builds `scratch`'s runner; the executable and the build's wall time in milliseconds.
  /// `shown` names the user's package in errors.
  static func build(
    _ scratch: ScratchPackage, shown: String, environment: [String: String], instrumented: Bool = true
  ) throws(RunnerBuilder.BuildError) -> (executable: URL, millis: Int) {
    let manifest = scratch.package.appendingPathComponent("Package.swift")
    guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { throw .notAPackage(shown: shown) }
    guard text.contains("\"\(RunnerBuilder.product)\"") else {
      throw .noRunnerProduct(shown: shown, near: RunnerBuilder.nearProductName(in: text))
    }
    guard let swift = RunnerCommand.search("swift", path: environment["PATH"] ?? "/usr/bin:/bin") else {
      throw .noSwift
    }
    let started = DispatchTime.now().uptimeNanoseconds
    let arguments = arguments(buildPath: scratch.buildPath, instrumented: instrumented)
    let ended: ToolRun.Ended
    do {
      ended = try ToolRun.run(swift, arguments, in: scratch.package)
    } catch {
      throw .cannotSpawn(error)
    }
    guard ended.status == .status(0) else {
      let copy = instrumented ? " (an instrumented copy)" : " (a mutated copy)"
      throw .failed(package: shown + copy, status: ended.status, output: ended.output)
    }
    let millis = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
    return (scratch.buildPath.appendingPathComponent("debug/\(RunnerBuilder.product)"), millis)
  }
}
