import Foundation
import TestSupport
import XCTest

/// A runner is never replayed unless what it was compiled from is, byte for byte, what is on disk
/// now (cli.md, "The runner"). A real throwaway runner package, built by the real `swift`, whose
/// `replay-runner` hands over to the built misbehaving-runner — correctly, or with
/// `--fault off-by-one` (a core that disagrees: every recording diverges) when its sources or its
/// manifest's environment say so. Each hostile edit below makes the current sources faulty in a way
/// SwiftPM's modification-time check does not see, and the next verify must FAIL: a PASS means the
/// old build answered.
///
/// The package: `Sources/replay-runner/main.swift` (the "reducer": its fault list), a `Logic`
/// target whose `path:` is `.swiftpm/logic` (a folder a walk that guesses skips), and a manifest
/// choosing `.define("FAULTY")` by `RUNNER_FAULTY`. One package build serves every step.
/// Slow (real builds); skipped when `swift` is not on PATH, or with DUET_SKIP_ADOPTER=1.
final class RunnerContentStampEndToEndTests: RunnerPackageTestCase {
  func testEveryHostileEditOfTheRunnersInputsIsReplayedFreshAndFails() throws {
    let repository = keep(try TemporaryRepository.counterCorpus(chain: false))
    try repository.write("manifest.yaml", "replayRunner: runner\n" + (try repository.read("manifest.yaml")))
    try repository.write("runner/Package.swift", Self.manifest)
    try repository.write("runner/Sources/replay-runner/main.swift", Self.main(fault: false))
    try repository.write("runner/.swiftpm/logic/Logic.swift", Self.logic(handOver: handOver, fault: false))
    try settle(repository)

    // 1. A reducer edit given back its old modification time (`touch -r`).
    try hostileEdit(repository, "runner/Sources/replay-runner/main.swift", Self.main(fault: true))
    try expect(repository, fails: true, saying: "rebuilt: runner/Sources/replay-runner/main.swift changed")
    try hostileEdit(repository, "runner/Sources/replay-runner/main.swift", Self.main(fault: false))
    try expect(repository, fails: false, saying: "rebuilt: runner/Sources/replay-runner/main.swift changed")
    try settle(repository)

    // 2. An old binary put back, with the current binary's time, under `verify --rebuild`.
    let executable = repository.root.appendingPathComponent("runner/.build/debug/replay-runner")
      .resolvingSymlinksInPath()
    let good = try Data(contentsOf: executable)
    try repository.write("runner/Sources/replay-runner/main.swift", Self.main(fault: true))
    // Past the stamp's settle window (1 s), so the builds below vouch for this edit and the last
    // one can only be explained by the executable (a no-op build can take under a second).
    Thread.sleep(forTimeInterval: 1.1)
    try expect(repository, fails: true, saying: "changed")
    try putBack(good, at: executable)
    try expect(repository, fails: true, saying: "rebuilt: --rebuild", ["--rebuild"])
    try putBack(good, at: executable)
    try expect(repository, fails: true, saying: "rebuilt: the executable runner/.build/debug/replay-runner changed")
    try repository.write("runner/Sources/replay-runner/main.swift", Self.main(fault: false))
    try settle(repository)

    // 3. An environment variable the manifest reads, choosing a `.define`.
    try expect(
      repository, fails: true, saying: "rebuilt: RUNNER_FAULTY changed (environment)",
      environment: ["RUNNER_FAULTY": "1"])
    try expect(repository, fails: false, saying: "rebuilt: RUNNER_FAULTY changed (environment)")
    try settle(repository)

    // 4. A target whose `path:` lies under `.swiftpm/`, edited with its old time given back.
    try hostileEdit(repository, "runner/.swiftpm/logic/Logic.swift", Self.logic(handOver: handOver, fault: true))
    try expect(repository, fails: true, saying: "rebuilt: runner/.swiftpm/logic/Logic.swift changed")
    try repository.write("runner/.swiftpm/logic/Logic.swift", Self.logic(handOver: handOver, fault: false))
    try settle(repository)

    // 5. The same edit, and the built runner given with --runner: compared by content, it is stale.
    try hostileEdit(repository, "runner/.swiftpm/logic/Logic.swift", Self.logic(handOver: handOver, fault: true))
    let given = try repository.verify(["verify", "--runner", "runner/.build/debug/replay-runner"])
    XCTAssertTrue(
      given.error.contains(
        "warning: the runner runner/.build/debug/replay-runner was not built from what is on disk now "
          + "(runner/.swiftpm/logic/Logic.swift changed since its build)"), given.all)
  }

  /// A dynamic library of a path dependency, replaced in the products folder by an older build of
  /// it (the bytes differ, the time is given back): the stamp sees the library is not the one the
  /// last build left, and the build makes it again from the sources on disk.
  func testADynamicLibraryOfAPathDependencyReplacedInTheProductsFolderIsBuiltAgain() throws {
    let marker = { (runner: String) in "public let handOver = \"\(runner)\"\npublic let platform = \"swift\"\n" }
    let repository = keep(try TemporaryRepository.withRunnerPackage(marker: marker(handOver), library: ".dynamic"))
    let faulty = try repository.write("faulty-runner", "#!/bin/sh\nexec '\(handOver)' --fault off-by-one \"$@\"\n")
    XCTAssertEqual(chmod(faulty.path, 0o755), 0)
    try settle(repository)
    let library = repository.root.appendingPathComponent("runner/.build/debug/libMarker.so").resolvingSymlinksInPath()
    let good = try Data(contentsOf: library)

    try repository.write("marker/Sources/Marker/Marker.swift", marker(faulty.path))
    Thread.sleep(forTimeInterval: 1.2)  // so this build's stamp vouches for it
    try expect(repository, fails: true, saying: "rebuilt: marker/Sources/Marker/Marker.swift changed")
    try putBack(good, at: library)
    try expect(repository, fails: true, saying: "rebuilt: runner/.build/debug/libMarker.so changed")
  }

  /// Writes `text` into the file and gives it back its modification time, as `touch -r` does.
  private func hostileEdit(_ repository: TemporaryRepository, _ relative: String, _ text: String) throws {
    let path = repository.root.appendingPathComponent(relative).path
    let old = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))  // in place: the same inode
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
  }

  /// Writes `bytes` over the executable in place and gives it back its modification time.
  private func putBack(_ bytes: Data, at executable: URL) throws {
    let old = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: executable.path)[.modificationDate] as? Date)
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: executable.path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: bytes)
    try handle.close()
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: executable.path)
  }

  /// Runs verify and expects its verdict (`fails`: every recording diverges, exit 1) and the reason
  /// its summary gives for the build.
  private func expect(
    _ repository: TemporaryRepository, fails: Bool, saying reason: String, _ extra: [String] = [],
    environment: [String: String] = [:], line: UInt = #line
  ) throws {
    let run = try CommandRun.run(
      try BuiltProducts.executable(named: "duet-verify"), ["verify"] + extra, in: repository.root,
      environment: environment, deadline: 1800)
    XCTAssertEqual(run.code, fails ? 1 : 0, "the fresh build must answer: \(run.all)", line: line)
    XCTAssertTrue(run.out.contains("duet-verify verify: \(fails ? "FAIL" : "PASS")"), run.all, line: line)
    XCTAssertTrue(run.out.contains(reason), "the summary must say why it built (\(reason)): \(run.all)", line: line)
  }

  /// Verifies until the runner is up to date (a build right after an edit vouches for nothing).
  private func settle(_ repository: TemporaryRepository, line: UInt = #line) throws {
    for _ in 0..<4 {
      let run = try CommandRun.run(
        try BuiltProducts.executable(named: "duet-verify"), ["verify"], in: repository.root, deadline: 1800)
      XCTAssertEqual(run.code, 0, run.all, line: line)
      if run.out.contains("up to date (no source changed since its last build)") { return }
      Thread.sleep(forTimeInterval: 1.1)
    }
    XCTFail("verify never found the runner up to date with nothing changed", line: line)
  }

  static let manifest = """
    // swift-tools-version:6.0
    import Foundation
    import PackageDescription

    let faulty = ProcessInfo.processInfo.environment["RUNNER_FAULTY"] == "1"
    let package = Package(
      name: "runner",
      targets: [
        .target(name: "Logic", path: ".swiftpm/logic"),
        .executableTarget(
          name: "replay-runner", dependencies: ["Logic"], swiftSettings: faulty ? [.define("FAULTY")] : []),
      ]
    )

    """

  /// The runner's "reducer": the same length either way, so only the bytes tell the builds apart.
  static func main(fault: Bool) -> String {
    """
    import Glibc
    import Logic

    // Hands over to a conforming runner, faulty when this list, Logic's or the manifest says so.
    let reducer = ["\(fault ? "--fault" : "--quiet")", "\(fault ? "off-by-one" : "not-faulty")"]
    #if FAULTY
      let defined = ["--fault", "off-by-one"]
    #else
      let defined: [String] = []
    #endif
    let words = [handOver, "--platform", "swift"] + reducer + defined + logic
    var arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    execv(handOver, &arguments)
    perror("execv")
    exit(127)

    """
  }

  static func logic(handOver: String, fault: Bool) -> String {
    """
    public let handOver = "\(handOver)"
    public let logic = ["\(fault ? "--fault" : "--quiet")", "\(fault ? "off-by-one" : "not-faulty")"]

    """
  }
}
