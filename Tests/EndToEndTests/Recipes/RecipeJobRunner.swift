import Foundation
import TestSupport

/// Runs a README workflow's jobs the way a CI engine would, on this machine: each job (each matrix
/// value) in a fresh clone of the app at one fixed path, its `run:` steps with `bash -e`, in order,
/// stopping at the first failure except for steps and jobs marked `if: always()`.
///
/// Of the `uses:` actions only what the recipes rely on is done: `actions/checkout` is the fresh
/// clone; `actions/cache` moves the cached folder in at its step and back when the job passes (a
/// move keeps each file's identity, so SwiftPM finds the build up to date, as on a runner that
/// restores a cache to the same path); `actions/upload-artifact` copies its paths to an artifact
/// folder (a missing path, or a hidden one without `include-hidden-files: true`, fails the job, as
/// it would upload nothing); `actions/download-artifact` copies them back. Any other action is
/// skipped with a note. `${{ matrix.K }}`, `${{ runner.os }}` and `${{ hashFiles('F') }}` are
/// evaluated; any other expression fails the job.
final class RecipeJobRunner {
  let appRemote: URL
  let workspace: URL
  let cacheStore: URL
  let artifactStore: URL
  let git: URL
  /// What happened, step by step, printed by the test.
  private(set) var notes: [String] = []

  init(appRemote: URL, scratch: URL, git: URL) throws {
    self.appRemote = appRemote
    self.git = git
    workspace = scratch.appendingPathComponent("work/todo-app")
    cacheStore = scratch.appendingPathComponent("cache")
    artifactStore = scratch.appendingPathComponent("artifacts")
    for folder in [cacheStore, artifactStore] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
  }

  /// Runs every job of `workflow` whose name `include` accepts, in the order written; returns one
  /// sentence per failure (empty: every step passed). A step whose `name:` `skip` accepts is
  /// skipped with a note, and `environment` is set over each job's `env:` (the test's stand-ins
  /// for what an app brings and the README's app lacks).
  func run(
    _ workflow: RecipeYAML, include: (String) -> Bool = { _ in true }, skip: (String) -> Bool = { _ in false },
    environment: [String: String] = [:]
  ) throws -> [String] {
    guard let jobs = workflow["jobs"] else { throw RecipeError("the workflow has no `jobs:`") }
    // Artifacts belong to one workflow run, as on the CI engine: another workflow's are not here.
    try? FileManager.default.removeItem(at: artifactStore)
    try FileManager.default.createDirectory(at: artifactStore, withIntermediateDirectories: true)
    var failures: [String] = []
    for name in jobs.keys where include(name) {
      guard let job = jobs[name] else { continue }
      if !failures.isEmpty, job["if"]?.text != "always()" {
        notes.append("job \(name): skipped, an earlier job failed")
        continue
      }
      let matrix = job["strategy"]?["matrix"]
      let key = matrix?.keys.first
      let values = key.flatMap { matrix?[$0]?.items.compactMap(\.text) } ?? [""]
      for value in values {
        let label = key.map { "\(name) (\($0) \(value))" } ?? name
        let cell = key.map { [$0: value] } ?? [:]
        failures += try runJob(label, job, matrix: cell, skip: skip, overrides: environment)
      }
    }
    return failures
  }

  /// Removes the workspace and clones the app into it afresh.
  func freshClone() throws {
    try? FileManager.default.removeItem(at: workspace)
    try FileManager.default.createDirectory(
      at: workspace.deletingLastPathComponent(), withIntermediateDirectories: true)
    let clone = try CommandRun.run(
      git, ["clone", "-q", appRemote.path, workspace.path], in: workspace.deletingLastPathComponent())
    guard clone.code == 0 else { throw RecipeError("git clone of the app failed: \(clone.all)") }
  }

  /// Moves the workspace's `path` into the cache under `key` (replacing what it held).
  func saveCache(path: String, key: String) throws {
    let source = workspace.appendingPathComponent(path)
    guard FileManager.default.fileExists(atPath: source.path) else { return }
    let target = cacheStore.appendingPathComponent(key)
    try? FileManager.default.removeItem(at: target)
    try FileManager.default.moveItem(at: source, to: target)
  }

  /// Moves the cache entry `key` into the workspace at `path`; false on a miss.
  @discardableResult
  func restoreCache(path: String, key: String) throws -> Bool {
    let entry = cacheStore.appendingPathComponent(key)
    guard FileManager.default.fileExists(atPath: entry.path) else { return false }
    let target = workspace.appendingPathComponent(path)
    try? FileManager.default.removeItem(at: target)
    try FileManager.default.moveItem(at: entry, to: target)
    return true
  }

  /// `text` with each `${{ … }}` evaluated in the workspace.
  func evaluate(_ text: String, matrix: [String: String]) throws -> String {
    var result = ""
    var rest = Substring(text)
    while let open = rest.range(of: "${{") {
      guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else {
        throw RecipeError("'\(text)' opens `${{` and never closes it")
      }
      result += rest[..<open.lowerBound]
      let expression = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
      result += try value(of: expression, matrix: matrix)
      rest = rest[close.upperBound...]
    }
    return result + rest
  }

  private func value(of expression: String, matrix: [String: String]) throws -> String {
    if expression == "runner.os" { return "Linux" }
    if expression.hasPrefix("matrix."), let value = matrix[String(expression.dropFirst(7))] { return value }
    if expression.hasPrefix("hashFiles("), expression.hasSuffix(")") {
      let names = expression.dropFirst(10).dropLast().split(separator: ",").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
      }
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for name in names {
        let data = (try? Data(contentsOf: workspace.appendingPathComponent(name))) ?? Data()
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      }
      return String(hash, radix: 16)
    }
    throw RecipeError("the expression `${{ \(expression) }}` is not one this test evaluates")
  }

  private func runJob(
    _ label: String, _ job: RecipeYAML, matrix: [String: String], skip: (String) -> Bool,
    overrides: [String: String]
  ) throws -> [String] {
    try freshClone()
    var environment: [String: String] = [:]
    if let env = job["env"] {
      for key in env.keys { environment[key] = try evaluate(env[key]?.text ?? "", matrix: matrix) }
    }
    for (key, value) in overrides { environment[key] = value }
    var failures: [String] = []
    var caches: [(path: String, key: String)] = []
    for (number, step) in (job["steps"]?.items ?? []).enumerated() {
      let place = "job \(label), step \(number + 1)"
      let condition = step["if"]?.text
      guard condition == nil || condition == "always()" else {
        throw RecipeError("\(place): `if: \(condition ?? "")` is not a condition this test evaluates")
      }
      if let name = step["name"]?.text, skip(name) {
        notes.append("\(place): '\(name)' skipped: the README's app has no such part")
        continue
      }
      if !failures.isEmpty, condition != "always()" {
        notes.append("\(place): skipped after the failure")
        continue
      }
      if let uses = step["uses"]?.text {
        failures += try use(uses, step["with"], place: place, matrix: matrix, caches: &caches)
      } else if let script = step["run"]?.text {
        let command = try evaluate(script, matrix: matrix)
        let bash = URL(fileURLWithPath: "/bin/bash")
        let started = Date()
        let run = try CommandRun.run(
          bash, ["-e", "-c", command], in: workspace, environment: environment, deadline: 3600)
        notes.append(
          "\(place): `\(command)` exit \(run.code) in \(String(format: "%.1f", Date().timeIntervalSince(started)))s")
        if run.code != 0 {
          failures.append("\(place): `\(command)` exited \(run.code):\n\(run.all.suffix(3000))")
        }
      } else {
        throw RecipeError("\(place) has neither `uses:` nor `run:`")
      }
    }
    if failures.isEmpty {
      for cache in caches { try saveCache(path: cache.path, key: cache.key) }
    }
    return failures
  }

  private func use(
    _ action: String, _ with: RecipeYAML?, place: String, matrix: [String: String],
    caches: inout [(path: String, key: String)]
  ) throws -> [String] {
    let name = action.components(separatedBy: "@")[0]
    func argument(_ key: String) throws -> String { try evaluate(with?[key]?.text ?? "", matrix: matrix) }
    switch name {
    case "actions/checkout":
      notes.append("\(place): \(action): the job's fresh clone of the app")
    case "actions/cache":
      let path = try argument("path")
      let key = try argument("key")
      let hit = try restoreCache(path: path, key: key)
      caches.append((path, key))
      notes.append("\(place): \(action): \(path) under key \(key), \(hit ? "restored" : "a miss")")
    case "actions/upload-artifact":
      let artifact = try argument("name")
      let paths = try argument("path").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      var failures: [String] = []
      for path in paths where !path.isEmpty {
        let source = workspace.appendingPathComponent(path)
        if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
          try argument("include-hidden-files") != "true"
        {
          failures.append(
            "\(place): \(action) would leave out the hidden path '\(path)': add `include-hidden-files: true`")
        } else if !FileManager.default.fileExists(atPath: source.path) {
          failures.append("\(place): \(action) has nothing at '\(path)': no step wrote it")
        } else {
          let target = artifactStore.appendingPathComponent(artifact).appendingPathComponent(path)
          try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
          try FileManager.default.copyItem(at: source, to: target)
        }
      }
      notes.append("\(place): \(action): artifact \(artifact) \(paths)")
      return failures
    case "actions/download-artifact":
      let pattern = try argument("pattern")
      let stored = try FileManager.default.contentsOfDirectory(atPath: artifactStore.path).sorted()
      let chosen = stored.filter { pattern.hasSuffix("*") ? $0.hasPrefix(pattern.dropLast()) : $0 == pattern }
      for artifact in chosen {
        let folder = artifactStore.appendingPathComponent(artifact)
        for entry in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
          let target = workspace.appendingPathComponent(entry)
          try? FileManager.default.removeItem(at: target)
          try FileManager.default.copyItem(at: folder.appendingPathComponent(entry), to: target)
        }
      }
      notes.append("\(place): \(action): artifacts \(chosen) into the workspace")
    default:
      notes.append("\(place): \(action): skipped, it only makes sense on the CI engine")
    }
    return []
  }
}
