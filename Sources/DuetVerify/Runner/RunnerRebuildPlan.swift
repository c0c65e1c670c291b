import DuetPlatform

/// Why a runner build runs and what must go before it so the compiler sees every change.
///
/// SwiftPM's driver decides what to recompile by modification time, so a source given back its old
/// time is never recompiled. So before the build, the products of every module with a source whose
/// bytes or file identity differ from what the stamp says the products reflect (RunnerBuildStamp)
/// are removed, and so is the executable (or a library beside it) when it is not the one the last
/// build left: the build then compiles those modules afresh, whatever their times say. Without a
/// stamp nothing is known, and every module the runner's build compiles is compiled afresh.
/// `--rebuild` removes the products of the runner package's own modules and its executable.
///
/// Only modules the runner's product compiles (RunnerPackageGraph.modules(building:)) are ever
/// touched: the products folder is shared with whatever else the package builds — an app that
/// runs duet-verify from a path dependency builds duet-verify there too — and removing a module
/// the runner does not compile would only make the next `swift run duet-verify` compile it again,
/// while vouching for nothing about the runner. When the graph cannot tell, every module counts.
struct RunnerRebuildPlan: Equatable, Sendable {
  /// Why the build runs, for the summary: `Sources/Logic/Logic.swift changed`, `X changed
  /// (environment)`, `--rebuild`, …
  var reason: String
  /// The modules (c99 names) whose build products go.
  var modules: Set<String> = []
  /// Build outputs (absolute paths) that go.
  var outputs: [String] = []
  /// True when nothing about the graph is known: every module found in the products folder goes.
  var everything = false

  /// The plan for building `now` over what `last` recorded, with the outputs on disk `outputs`.
  /// Paths in the reason are shown relative to `root`.
  static func plan(
    last: RunnerBuildStamp.Record?, now: RunnerFingerprint?, outputs: [FingerprintEntry]?, force: Bool, root: URL
  ) -> RunnerRebuildPlan {
    let graph = now?.graph
    let compiled =
      graph?.modules(building: RunnerBuilder.product)
      ?? Set((graph?.packages ?? []).flatMap { $0.targets.map(\.module) })
    guard let last, let now else {
      let reason = now == nil ? "its inputs could not all be read" : "no build of it recorded yet"
      return RunnerRebuildPlan(reason: force ? "--rebuild" : reason, modules: compiled, everything: now == nil)
    }
    var plan = RunnerRebuildPlan(reason: "")
    var changes: [String] = []
    let recorded = Dictionary(last.inputs.map { ($0.kind + "\t" + $0.name, $0) }) { first, _ in first }
    var present: Set<String> = []
    for entry in now.entries {
      let key = entry.kind + "\t" + entry.name
      present.insert(key)
      let before = recorded[key]
      let contentChanged = before?.content != entry.content
      if contentChanged {
        // An input the last build could not vouch for (edited in the second before it) need not
        // have changed since: saying "changed" sends the reader looking for a new edit.
        let racy = last.status == .unsettled && before?.content == FingerprintEntry.unknown && entry.kind == "file"
        changes.append(
          racy
            ? describe(entry, added: false, root: root) + Self.racyNote
            : describe(entry, added: before == nil, root: root))
      }
      if entry.kind == "file", contentChanged || before?.identity != entry.identity,
        let module = graph?.module(holding: entry.name), compiled.contains(module)
      {
        plan.modules.insert(module)
      }
    }
    for entry in last.inputs where !present.contains(entry.kind + "\t" + entry.name) {
      changes.append(
        entry.kind == "file"
          ? RunnerBuilder.displayPath(URL(fileURLWithPath: entry.name), root: root) + " removed"
          : describe(entry, added: false, root: root))
      if entry.kind == "file", let module = graph?.module(holding: entry.name), compiled.contains(module) {
        plan.modules.insert(module)
      }
    }
    let recordedOutputs = Dictionary(last.outputs.map { ($0.name, $0.content) }) { first, _ in first }
    for output in outputs ?? [] where recordedOutputs[output.name] != output.content {
      plan.outputs.append(output.name)
      if last.status == .trusted { changes.append(describe(output, added: false, root: root)) }
    }
    if force {
      plan.reason = "--rebuild"
      plan.modules.formUnion((graph?.packages.first?.targets.map(\.module) ?? []).filter(compiled.contains))
      plan.outputs = (outputs ?? []).map(\.name)
    } else if let first = changes.first {
      plan.reason = first + (changes.count > 1 ? " (and \(changes.count - 1) more)" : "")
    } else {
      switch last.status {
      case .trusted: plan.reason = "its executable is missing"
      case .failed: plan.reason = "its last build failed"
      case .building: plan.reason = "its last build did not finish"
      case .unsettled: plan.reason = "an input changed while it was last built"
      }
    }
    return plan
  }

  /// What is said of a file the last build could not vouch for: it was edited within a second of
  /// that build's start (RunnerBuildStamp.settle), so whether it changed since cannot be told.
  static let racyNote = ", or was edited within a second of the last build's start (which could then not vouch for it)"

  /// `Sources/Logic/Logic.swift changed`, `X changed (environment)`, ….
  static func describe(_ entry: FingerprintEntry, added: Bool, root: URL) -> String {
    switch entry.kind {
    case "env": return "\(entry.name) changed (environment)"
    case "command": return "the build command changed"
    case "tool": return "the toolchain changed (\(entry.name))"
    case "executable":
      return "the executable \(RunnerBuilder.displayPath(URL(fileURLWithPath: entry.name), root: root)) changed"
    default:
      return RunnerBuilder.displayPath(URL(fileURLWithPath: entry.name), root: root) + (added ? " added" : " changed")
    }
  }

  /// Removes what the plan says must go from the products folder `products`: each module's
  /// compiled objects and dependency records (`<Module>.build/`, keeping the files SwiftPM writes
  /// when it plans the build) and its module files (`Modules/<Module>.*`), and the outputs.
  func apply(products: String) {
    let files = FileManager.default
    var modules = self.modules
    if everything {
      for name in (try? files.contentsOfDirectory(atPath: products)) ?? [] where name.hasSuffix(".build") {
        modules.insert(String(name.dropLast(".build".count)))
      }
    }
    for module in modules.sorted() {
      let folder = products + "/" + module + ".build"
      if let relatives = try? files.subpathsOfDirectory(atPath: folder) {
        for relative in relatives {
          let name = PathText.last(relative)
          guard name != "output-file-map.json", name != "sources", !name.hasSuffix(".modulemap") else { continue }
          let path = folder + "/" + relative
          if let identity = FileIdentity.of(path, follow: false), !identity.isFolder { unlink(path) }
        }
      }
      for folder in [products + "/Modules", products] {
        for name in (try? files.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(module + ".swift") {
          unlink(folder + "/" + name)
        }
      }
      unlink(products + "/Modules/" + module + ".o")
    }
    for output in outputs { unlink(output) }
  }
}
