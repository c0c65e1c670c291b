import DuetPlatform

/// Makes a ``MutationPlan`` from the reducer sources of a runner package, before anything is
/// built: every automatic mutant (see ``MutationSiteFinder``), the rows of Duet's table, and the
/// scratch copy's rewritten files holding the schematized mutants behind one runtime switch per
/// module (see ``SchemaRewrite`` and ``MutantSwitchFile``).
///
/// Ids are "1", "2", … in file order (paths sorted), then source order, then the table's rows in
/// table order; they are given before `lines` filters, so a mutant keeps its id whatever lines a
/// drill asks for, and a re-plan with `unschematized` names the same mutants.
enum MutationPlanner {
  /// The plan for `files` (relative to `package`) and `table`.
  ///
  /// - Parameters:
  ///   - lines: when given, only mutants starting on these 1-based lines of each file are kept
  ///     (`--since`); a file it does not name keeps none.
  ///   - unschematized: ids left out of the rewritten files (after a compile error on their
  ///     lines): they become ``Mutant/schematized`` false, built alone from the original text.
  static func plan(
    package: URL, files: [String], table: MutationTable?, lines: [String: Set<Int>]? = nil,
    unschematized: Set<String> = []
  ) throws(MutationPlanError) -> MutationPlan {
    var mutants: [Mutant] = []
    var sources: [String: LexedSource] = [:]
    var sites: [String: MutationSite] = [:]
    for file in Set(files).sorted() {
      guard let text = try? String(contentsOf: package.appendingPathComponent(file), encoding: .utf8) else {
        throw .unreadableSource(file: file)
      }
      let source = SwiftLexer.lex(text)
      sources[file] = source
      for site in MutationSiteFinder.sites(in: source) {
        let id = String(mutants.count + 1)
        sites[id] = site
        mutants.append(
          mutant(
            id: id, kind: site.mutationOperator, file: file, source: source, start: site.start, end: site.end,
            replacement: site.replacement, schematized: true, siteKind: site.kind))
      }
    }
    var skipped: [String] = []
    for row in table?.rows ?? [] {
      guard let table, row.file.hasSuffix(".swift") else {
        skipped.append(row.name)
        continue
      }
      mutants.append(try tableMutant(row, id: String(mutants.count + 1), table: table, package: package))
    }
    if let lines {
      mutants = mutants.filter { lines[$0.file]?.contains($0.start.line) == true }
    }
    for index in mutants.indices where unschematized.contains(mutants[index].id) {
      mutants[index].schematized = false
    }
    let rewritten = rewrite(mutants, sources: sources, sites: sites)
    return MutationPlan(mutants: mutants, rewrittenFiles: rewritten, skippedTableRows: skipped)
  }

  /// The schematized files and one switch file per module folder.
  static func rewrite(_ mutants: [Mutant], sources: [String: LexedSource], sites: [String: MutationSite])
    -> [String: String]
  {
    var byFile: [String: [(id: Int, site: MutationSite)]] = [:]
    for mutant in mutants where mutant.schematized {
      guard let site = sites[mutant.id], let id = Int(mutant.id) else { continue }
      byFile[mutant.file, default: []].append((id, site))
    }
    var files: [String: String] = [:]
    var declarations: [String: [String]] = [:]
    for file in byFile.keys.sorted() {
      guard let source = sources[file], let fileSites = byFile[file] else { continue }
      let folder = moduleFolder(of: file)
      let namespace = MutantSwitchFile.namespace(forFolder: folder)
      let (text, lines) = SchemaRewrite.rewrite(source, sites: fileSites, namespace: namespace)
      files[file] = text
      declarations[folder, default: []] += lines
    }
    for (folder, lines) in declarations {
      let path = folder.isEmpty ? MutantSwitchFile.fileName : folder + "/" + MutantSwitchFile.fileName
      files[path] = MutantSwitchFile.text(namespace: MutantSwitchFile.namespace(forFolder: folder), declarations: lines)
    }
    return files
  }

  /// The folder of the module holding `file`: `Sources/<Target>` for a file under it, else the
  /// file's own folder (`""` for a file at the package root).
  static func moduleFolder(of file: String) -> String {
    let parts = file.split(separator: "/").map(String.init)
    if parts.count >= 3, parts[0] == "Sources" { return "Sources/" + parts[1] }
    return parts.dropLast().joined(separator: "/")
  }

  /// A table row as a mutant of the package-relative file it names (built alone).
  static func tableMutant(_ row: MutationTable.Row, id: String, table: MutationTable, package: URL)
    throws(MutationPlanError) -> Mutant
  {
    let target = table.root.appendingPathComponent(row.file).standardizedFileURL.path
    let base = package.standardizedFileURL.path
    guard target.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
      throw .outsidePackage(table: table.path, name: row.name, file: row.file, package: base)
    }
    let file = String(target.dropFirst(base.count).drop { $0 == "/" })
    guard let text = try? String(contentsOf: URL(fileURLWithPath: target), encoding: .utf8) else {
      throw .unreadableRowFile(table: table.path, name: row.name, file: row.file)
    }
    let scalars = Array(text.unicodeScalars)
    let matches = occurrences(of: Array(row.old.unicodeScalars), in: scalars)
    guard matches.count == 1, let start = matches.first else {
      throw .ambiguousOld(table: table.path, name: row.name, file: row.file, matches: matches.count)
    }
    var made = mutant(
      id: id, kind: .table, file: file, source: LexedSource(scalars: scalars, tokens: []), start: start,
      end: start + row.old.unicodeScalars.count, replacement: row.new, schematized: false)
    made.tableRow = row.name
    made.seeds = row.seeds
    return made
  }

  /// The offsets where `needle` starts in `haystack`, not overlapping (as the duet CLI counts).
  static func occurrences(of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> [Int] {
    guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
    var found: [Int] = []
    var offset = 0
    while offset + needle.count <= haystack.count {
      if haystack[offset] == needle[0], Array(haystack[offset..<(offset + needle.count)]) == needle {
        found.append(offset)
        offset += needle.count
      } else {
        offset += 1
      }
    }
    return found
  }

  static func mutant(
    id: String, kind: MutationOperator, file: String, source: LexedSource, start: Int, end: Int,
    replacement: String, schematized: Bool, siteKind: Mutant.SiteKind? = nil
  ) -> Mutant {
    let first = source.position(start)
    let last = source.position(end)
    let lineStart = source.lineStarts[first.line - 1]
    let mutated =
      source.text(lineStart, start) + replacement + source.text(end, source.lineEnd(last.line))
    return Mutant(
      id: id, mutationOperator: kind, file: file, start: first, end: last, original: source.text(start, end),
      replacement: replacement, originalLine: source.lineText(first.line),
      mutatedLine: String(mutated.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""),
      schematized: schematized, siteKind: siteKind)
  }
}
