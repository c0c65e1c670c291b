import DuetPlatform

/// Where the reducer modules of the selected features live, found before anything is copied: in
/// the runner package itself, or in local path dependencies of it (an app's core in a package of
/// its own beside the runner, as Foyer's `FoyerFeatures` is in the repository's root package).
/// Those dependencies are copied into the scratch with the runner package (``ScratchPackage``),
/// so their mutants are built there and the user's packages are only read.
struct ReducerPackages: Equatable {
  /// The runner package (the manifest's `replayRunner:`).
  var runner: URL
  /// The local path dependencies that hold a selected reducer module (the runner's own, or theirs).
  var dependencies: [URL]
  /// The folder holding the runner package and those dependencies: the mutants' paths, the
  /// reducer files and `--since` are relative to it (the runner package when nothing else holds
  /// reducers).
  var root: URL
  /// The Swift files of the selected reducer modules, relative to ``root``, sorted; as for
  /// coverage, without the features' `scenario:` files and the files that declare a scenario or a
  /// chain (code that runs when recording, never when replaying, so no replay could notice a
  /// change to it).
  var files: [String]
  /// The selected reducer modules, as the manifest's paths name them (`Sources/FoyerFeatures`),
  /// sorted: where a drill that made no mutant says it looked.
  var modules: [String] = []

  /// The packages and files of the reducer modules of `features` (all when empty); a module in
  /// neither the runner package nor a local path dependency of it is refused with a sentence.
  static func locate(_ manifest: Manifest, features: [String], runner: URL) throws(MutationDrillError)
    -> ReducerPackages
  {
    let manifestRoot = manifest.location.root.resolvingSymlinksInPath()
    let runner = runner.resolvingSymlinksInPath()
    let candidates = localDependencies(of: runner)
    let modules = Set(
      manifest.features.filter { features.isEmpty || features.contains($0.name) }
        .compactMap { $0.swift.map { CoverageMap.module(of: $0.name) } })
    var holders: [String: URL] = [:]
    for module in modules {
      let folder = manifestRoot.appendingPathComponent(module).standardizedFileURL
      if ScratchPackage.contains(runner, folder) { continue }
      // The deepest dependency holding it (a package nested in another is its own).
      guard let holder = candidates.filter({ ScratchPackage.contains($0, folder) }).max(by: { $0.path < $1.path })
      else {
        throw .moduleOutsidePackage(module: module, package: RunnerBuilder.displayPath(runner, root: manifestRoot))
      }
      holders[module] = holder
    }
    let dependencies = Set(holders.values.map(\.path)).sorted().map { URL(fileURLWithPath: $0, isDirectory: true) }
    let root = dependencies.reduce(runner) { ScratchPackage.commonAncestor($0, $1) }
    let scenarios = Set(manifest.features.compactMap { $0.scenario?.name })
    var files: [String] = []
    for module in modules.sorted() {
      let folder = manifestRoot.appendingPathComponent(module).standardizedFileURL
      let inside = ScratchPackage.relative(folder, to: root)
      for name in (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? [] {
        guard name.hasSuffix(".swift"), !scenarios.contains(module + "/" + name) else { continue }
        let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
        guard !CoverageMap.declaresScenarios(text) else { continue }
        files.append((inside.isEmpty ? "" : inside + "/") + name)
      }
    }
    return ReducerPackages(
      runner: runner, dependencies: dependencies, root: root, files: files.sorted(), modules: modules.sorted())
  }

  /// The `.package(path:)` dependencies of `package`, and theirs, each once.
  static func localDependencies(of package: URL) -> [URL] {
    var found: [URL] = []
    var queue = [package]
    while let next = queue.popLast() {
      guard let text = try? String(contentsOf: next.appendingPathComponent("Package.swift"), encoding: .utf8) else {
        continue
      }
      for dependency in PackagePaths.dependencies(text, relativeTo: next)
      where dependency.path != package.path && !found.contains(where: { $0.path == dependency.path }) {
        found.append(dependency)
        queue.append(dependency)
      }
    }
    return found
  }
}
