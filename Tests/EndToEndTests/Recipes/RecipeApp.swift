import Foundation
import TestSupport
import XCTest

/// The README's app, built once for every recipe: this package's working tree committed into a
/// local bare repository (the remote a user's app depends on), the README's app files depending on
/// it by that `file://` URL, recorded and committed as the README says, and the app itself in a
/// bare repository the recipes' jobs clone. The app's first build (duet-verify and the runner, from
/// the git URL) is left in the cache under the recipes' key, as a previous CI run would leave it.
final class RecipeApp {
  let scratch: URL
  let runner: RecipeJobRunner
  let git: URL
  let recipes: ReadmeRecipes
  /// Seconds the first build (resolve, build duet-verify and the runner, record) took.
  let firstBuildSeconds: Double

  static let identity = ["-c", "user.name=Recipes", "-c", "user.email=recipes@example.invalid"]

  /// Builds it all under `scratch` (which the caller removes, also when this throws).
  init(git: URL, scratch: URL) throws {
    self.git = git
    self.scratch = scratch
    let root = SharedReference.repositoryRoot
    recipes = try ReadmeRecipes.read(checkout: root)
    let source = scratch.appendingPathComponent("source/duet-verify")
    let remotes = scratch.appendingPathComponent("remotes")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: remotes, withIntermediateDirectories: true)

    // The working tree (uncommitted changes included, ignored files left out), as one commit on
    // `main`, in a bare repository named like the real one so SwiftPM's identity is `duet-verify`.
    try Self.shell(
      "git ls-files -co --exclude-standard -z | tar --null --ignore-failed-read -cf - -T - | tar -xf - -C '\(source.path)'",
      in: root)
    try Self.git(git, ["init", "-q", "-b", "main"], in: source)
    try Self.git(git, ["add", "-A"], in: source)
    try Self.git(git, ["commit", "-q", "-m", "duet-verify at the tested tree"], in: source)
    let package = remotes.appendingPathComponent("duet-verify.git")
    try Self.git(git, ["clone", "-q", "--bare", source.path, package.path], in: scratch)

    // The README's files; the dependency's URL is the one substitution (the bare repository's).
    let app = scratch.appendingPathComponent("work/todo-app")
    let files = try ReadmeAppFiles.read(checkout: root, gitURL: "file://" + package.path)
    try FileTree.write(Dictionary(files.map { ($0.path, $0.text) }) { $1 }, under: app)
    try Self.git(git, ["init", "-q", "-b", "main"], in: app)
    let started = Date()
    try Self.shell("swift run duet-verify record", in: app, deadline: 3600)
    firstBuildSeconds = Date().timeIntervalSince(started)
    guard FileManager.default.fileExists(atPath: app.appendingPathComponent("Package.resolved").path) else {
      throw RecipeError("the app depending by URL has no Package.resolved after its first build")
    }
    try Self.git(git, ["add", "-A"], in: app)
    try Self.git(git, ["commit", "-q", "-m", "The README's app, recorded"], in: app)
    let appRemote = remotes.appendingPathComponent("todo-app.git")
    try Self.git(git, ["clone", "-q", "--bare", app.path, appRemote.path], in: scratch)

    runner = try RecipeJobRunner(appRemote: appRemote, scratch: scratch, git: git)
    let (path, key) = try cacheStep()
    try runner.saveCache(path: path, key: key)
  }

  /// The gate recipe's `actions/cache` path and key, evaluated in the workspace.
  func cacheStep() throws -> (path: String, key: String) {
    let steps = try recipes.workflow("parity")["jobs"]?["verify"]?["steps"]?.items ?? []
    guard let cache = steps.first(where: { $0["uses"]?.text?.hasPrefix("actions/cache@") == true }),
      let path = cache["with"]?["path"]?.text, let key = cache["with"]?["key"]?.text
    else { throw RecipeError("README.md's gate recipe has no actions/cache step with a path and a key") }
    return (path, try runner.evaluate(key, matrix: [:]))
  }

  /// Removes everything this app made.
  func remove() { AppScratch.remove(scratch) }

  static func git(_ git: URL, _ arguments: [String], in folder: URL) throws {
    let run = try CommandRun.run(git, identity + arguments, in: folder)
    guard run.code == 0 else { throw RecipeError("git \(arguments.joined(separator: " ")) failed: \(run.all)") }
  }

  static func shell(_ command: String, in folder: URL, deadline: TimeInterval = 120) throws {
    let run = try CommandRun.run(
      URL(fileURLWithPath: "/bin/bash"), ["-e", "-c", command], in: folder, deadline: deadline)
    guard run.code == 0 else { throw RecipeError("`\(command)` exited \(run.code):\n\(run.all.suffix(3000))") }
  }
}
