import DuetPlatform

/// Turns an `llvm-cov` export into the per-feature report: which files are a feature's (its
/// reducer module, `Sources/<Module>/` of its `swift:` file; within it, the files under the folder
/// of its `swift:` file), their counts, and every unreached code region with its function, case
/// and the feature whose scenario would reach it.
///
/// Files outside every reducer module (DuetCore, other dependencies, the runner's main) are not
/// counted, nor the features' `scenario:` files (they run when recording, not when replaying).
/// Module files under no single feature's folder (a registry, shared helpers) form the module's
/// shared group.
struct CoverageMap {
  var manifest: Manifest
  /// The features to report (those `--feature` selects, else all with a `swift:` file).
  var features: [ManifestFeature]
  /// Reads a source file of the repository (for the enclosing function and case).
  var source: (URL) -> String? = { try? String(contentsOf: $0, encoding: .utf8) }

  /// The module folder of a `swift:` path: `Sources/<Module>` when the path has one, else its folder.
  static func module(of path: String) -> String {
    let parts = path.split(separator: "/").map(String.init)
    if let sources = parts.lastIndex(of: "Sources"), parts.count > sources + 2 {
      return parts[...(sources + 1)].joined(separator: "/")
    }
    return parts.dropLast().joined(separator: "/")
  }

  /// The groups of the report, features in manifest order, then each module's shared files.
  func groups(_ export: CoverageExport, userPath: (String) -> URL) -> [FeatureCoverage] {
    let root = manifest.location.root.resolvingSymlinksInPath()
    func relative(_ file: String) -> String? {
      let shown = RunnerBuilder.displayPath(userPath(file), root: root)
      return shown.hasPrefix("/") || shown == "." ? nil : shown
    }
    let owned = features.compactMap { feature in feature.swift.map { (feature, $0.name) } }
    let modules = Set(owned.map { Self.module(of: $0.1) })
    let scenarios = Set(manifest.features.compactMap { $0.scenario?.name })
    var files: [String: CoverageExport.File] = [:]
    for export in export.data {
      for file in export.files {
        guard let path = relative(file.filename), !scenarios.contains(path),
          modules.contains(where: { path.hasPrefix($0 + "/") }),
          !(source(root.appendingPathComponent(path)).map(Self.declaresScenarios) ?? false)
        else { continue }
        files[path] = file
      }
    }
    let regions = unreached(export, relative: relative, keeping: Set(files.keys))
    var byGroup: [String: [FileCoverage]] = [:]
    var order: [(key: String, feature: ManifestFeature?, module: String)] = []
    for (feature, swift) in owned {
      order.append((feature.name, feature, Self.module(of: swift)))
    }
    for module in modules.sorted() { order.append(("\u{0}" + module, nil, module)) }
    for path in files.keys.sorted() {
      guard let file = files[path] else { continue }
      let owner = self.owner(of: path, among: owned)
      let key = owner?.name ?? "\u{0}" + (modules.first { path.hasPrefix($0 + "/") } ?? "")
      let text = source(root.appendingPathComponent(path))?.split(separator: "\n", omittingEmptySubsequences: false)
      let found = (regions[path] ?? []).map { region -> UnreachedRegion in
        var region = region
        if let text {
          (region.function, region.switchCase) = SourceScope.enclosing(region.line, in: text)
          region.code = Self.code(at: region, in: text)
        }
        region.feature = owner?.name
        region.scenario = owner?.scenario?.name
        return region
      }
      byGroup[key, default: []].append(
        FileCoverage(
          path: path, lines: CoverageCount(count: file.summary.lines.count, covered: file.summary.lines.covered),
          regions: CoverageCount(count: file.summary.regions.count, covered: file.summary.regions.covered),
          unreached: found))
    }
    return order.compactMap { entry in
      guard let files = byGroup[entry.key] else { return nil }
      return FeatureCoverage(feature: entry.feature?.name, module: entry.module, files: files)
    }
  }

  /// The region's first line from its column on, trimmed, at most 80 characters.
  static func code(at region: UnreachedRegion, in lines: [Substring]) -> String? {
    guard region.line >= 1, region.line <= lines.count else { return nil }
    let line = Array(lines[region.line - 1])
    let start = min(max(region.column - 1, 0), line.count)
    let end = region.endLine == region.line ? min(max(region.endColumn - 1, start), line.count) : line.count
    let text = String(line[start..<end]).trimming(.whitespaces)
    guard !text.isEmpty else { return nil }
    return text.count > 80 ? String(text.prefix(79)) + "…" : text
  }

  /// True for a file that declares a scenario or a chain (`= Scenario(`, `= ChainScenario(`):
  /// code that runs when recording, never when replaying.
  static func declaresScenarios(_ text: String) -> Bool {
    // `=\s*(Chain)?Scenario\s*\(`, `\s` as ICU matched it (Unicode's White_Space), scalar by scalar.
    let scalars = Array(text.unicodeScalars)
    func skipSpace(_ index: inout Int) {
      while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }
    func skip(_ word: String, _ index: inout Int) -> Bool {
      let wanted = Array(word.unicodeScalars)
      guard scalars.count - index >= wanted.count, Array(scalars[index..<index + wanted.count]) == wanted else {
        return false
      }
      index += wanted.count
      return true
    }
    for start in scalars.indices where scalars[start] == "=" {
      var index = start + 1
      skipSpace(&index)
      _ = skip("Chain", &index)
      guard skip("Scenario", &index) else { continue }
      skipSpace(&index)
      if index < scalars.count, scalars[index] == "(" { return true }
    }
    return false
  }

  /// The feature whose `swift:` folder holds `path` most closely; nil when none, or when several
  /// features share that folder and `path` is none of their `swift:` files.
  func owner(of path: String, among owned: [(ManifestFeature, String)]) -> ManifestFeature? {
    var best: (depth: Int, features: [(ManifestFeature, String)]) = (-1, [])
    for (feature, swift) in owned {
      let folder = swift.split(separator: "/").dropLast().joined(separator: "/")
      guard path.hasPrefix(folder + "/"), !path.dropFirst(folder.count + 1).isEmpty else { continue }
      let depth = folder.split(separator: "/").count
      if depth > best.depth {
        best = (depth, [(feature, swift)])
      } else if depth == best.depth {
        best.features.append((feature, swift))
      }
    }
    if best.features.count == 1 { return best.features[0].0 }
    return best.features.first { $0.1 == path }?.0
  }

  /// Every unreached code region of the kept files, outermost only, by file.
  func unreached(
    _ export: CoverageExport, relative: (String) -> String?, keeping kept: Set<String>
  ) -> [String: [UnreachedRegion]] {
    var zero: [String: Set<[Int]>] = [:]
    var reached: [String: Set<[Int]>] = [:]
    var paths: [String: String?] = [:]
    for data in export.data {
      for function in data.functions {
        for region in function.regions where region.count >= 8 && region[7] == 0 {
          guard region[5] >= 0, region[5] < function.filenames.count else { continue }
          let name = function.filenames[region[5]]
          let cached = paths[name] ?? relative(name)
          paths[name] = cached
          guard let path = cached, kept.contains(path) else { continue }
          let range = Array(region[0..<4])
          if region[4] == 0 { zero[path, default: []].insert(range) } else { reached[path, default: []].insert(range) }
        }
      }
    }
    var result: [String: [UnreachedRegion]] = [:]
    for (path, ranges) in zero {
      let regions = ranges.subtracting(reached[path] ?? []).map {
        UnreachedRegion(line: $0[0], column: $0[1], endLine: $0[2], endColumn: $0[3])
      }.sorted { ($0.line, $0.column, -$0.endLine) < ($1.line, $1.column, -$1.endLine) }
      var outermost: [UnreachedRegion] = []
      for region in regions where !outermost.contains(where: { $0.contains(region) }) { outermost.append(region) }
      result[path] = outermost
    }
    return result
  }
}
