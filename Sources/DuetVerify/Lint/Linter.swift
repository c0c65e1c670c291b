import DuetCore
import DuetPlatform

/// The lint checks of docs/manifest.md over a corpus (manifest and fixtures folder): the rules, each
/// problem a sentence with its place and the command that fixes it.
///
/// It drives nothing: ``CorpusScan`` is the one pass that reads each recording once and asks these
/// checks about it (`lint`, `taxonomy`, `verify` and an empty shard all scan through it), so no
/// verb can run a check another one leaves out.
struct Linter: Sendable {
  /// What is checked.
  var corpus: Corpus

  init(corpus: Corpus) {
    self.corpus = corpus
  }

  var manifest: Manifest { corpus.manifest }
  var store: FixtureStore { corpus.store }

  /// The checks that need no recording: the manifest's own problems, its paths, its telemetry.
  func manifestChecks() -> [LintProblem] {
    var problems = corpus.manifestProblems
    problems += Self.pathProblems(manifest)
    problems += TelemetryDeclarationCheck.problems(manifest.features, file: manifest.location.displayName)
    return problems
  }

  /// The checks of the fixtures folder as a whole: recordings nobody lists, temporaries a killed
  /// `record` left, recordings in subfolders (which no verb would read).
  func folderChecks(_ listing: FixturesListing, listed: [ListedFixture]) -> [LintProblem] {
    // A manifest the grammar refused lists only part of its recordings: calling the rest orphans
    // would advise deleting valid recordings after one typo.
    let names = Set(listed.map(\.name))
    let orphans = corpus.manifestBroken ? [] : listing.recordings.filter { !names.contains($0) }.sorted()
    guard !orphans.isEmpty || !listing.strayTemporaries.isEmpty || !listing.nestedRecordings.isEmpty else { return [] }
    // Each is rare: git is asked, and the folder's display path worked out, only for one.
    let tracked =
      orphans.isEmpty && listing.nestedRecordings.isEmpty
      ? [] : GitTracking.trackedFiles(in: manifest.location.fixturesFolder)
    let onDisk = Set(listing.recordings)
    let missing = listed.filter { !onDisk.contains($0.name) }
    var problems = orphanProblems(orphans, tracked: tracked, missing: missing)
    if !listing.strayTemporaries.isEmpty { problems += strayTemporaryProblems(listing.strayTemporaries) }
    if !listing.nestedRecordings.isEmpty {
      problems += nestedRecordingProblems(listing.nestedRecordings, tracked: tracked)
    }
    return problems
  }

  /// The problems of one listed recording, given how reading it went.
  func problems(of listed: ListedFixture, reading: Result<FixtureDocument, FixtureLoadError>) -> [LintProblem] {
    switch reading {
    case .failure(.missing(let path)):
      // A recording on disk that nobody lists, a few letters away, is what a typo in the list
      // leaves: recording afresh would not be the fix.
      let unlisted = Set(store.listing().recordings).subtracting(manifest.listedFixtures.map(\.name))
      if let meant = Suggestion.closest(to: listed.name, among: unlisted.sorted()) {
        return [
          LintProblem(
            file: manifest.location.displayName, line: listed.line,
            message:
              "recording '\(listed.name)' is listed but \(path) does not exist, and \(store.displayPath(meant)) "
              + "is not listed. A typo? Did you mean '\(meant)'? Correct the name on this line; if '\(listed.name)' "
              + "is a new name, record it: \(Self.recordCommand(for: listed))")
        ]
      }
      return [
        LintProblem(
          file: manifest.location.displayName, line: listed.line,
          message:
            "recording '\(listed.name)' is listed but \(path) does not exist. Just declared? Run: "
            + Self.recordCommand(for: listed))
      ]
    case .failure(let error): return [error.lintProblem]
    case .success(let inspected): return fixtureProblems(inspected, listed: listed)
    }
  }

  /// The command that (re)writes a listed recording.
  static func recordCommand(for listed: ListedFixture) -> String {
    if let owner = listed.owner { return "\(Program.name) record \(Option.feature.rawValue) \(owner)" }
    return "\(Program.name) record \(Option.chain.rawValue) \(listed.name)"
  }

  /// Every path the manifest names that leaves the repository or does not exist: refused by lint,
  /// and by every verb before it builds or starts a runner (`RunnerSetup.gate`).
  static func pathProblems(_ manifest: Manifest) -> [LintProblem] {
    var problems: [LintProblem] = []
    let file = manifest.location.displayName
    let root = manifest.location.root
    if let runner = manifest.replayRunner,
      let message = RepositoryPaths.problem(with: runner.name, root: root, what: "replayRunner")
    {
      problems.append(LintProblem(file: file, line: runner.line, message: message))
    }
    for feature in manifest.features {
      for (key, entry) in feature.pathEntries {
        if let message = RepositoryPaths.problem(
          with: entry.name, root: root, what: "the \(key) file of '\(feature.name)'")
        {
          problems.append(LintProblem(file: file, line: entry.line, message: message))
        }
      }
    }
    return problems
  }

  func fixtureProblems(_ loaded: FixtureDocument, listed: ListedFixture) -> [LintProblem] {
    var problems: [LintProblem] = []
    let document = loaded
    if let tree = loaded.tree, let problem = canonicalFormProblem(loaded, tree: tree, listed: listed) {
      problems.append(problem)
    }
    if !corpus.manifestBroken, let owner = listed.owner, let feature = document.feature, feature != owner {
      problems.append(
        LintProblem(
          file: loaded.file, line: Self.line(ofKey: "feature", in: loaded.bytes),
          message:
            "recording '\(loaded.name)' says feature '\(feature)' but \(manifest.location.displayName) lists it "
            + "under '\(owner)' (line \(listed.line)). Move it to the right feature in the manifest, or re-record it: "
            + "\(Program.name) record \(Option.feature.rawValue) \(owner)"))
    }
    if let problem = kindProblem(loaded, listed: listed) { problems.append(problem) }
    if document.kind == .chain {
      for node in document.nodes where manifest.feature(named: node) == nil {
        problems.append(
          LintProblem(
            file: loaded.file, line: Self.line(ofKey: "initialStates", in: loaded.bytes),
            message:
              "chain '\(loaded.name)' has node '\(node)', which is not a declared feature. Declare '\(node)' under "
              + "features: in \(manifest.location.displayName) (fixtures: [] if it has no recordings of its own)."))
      }
    }
    return problems
  }

  /// The manifest says what a recording is (`chains:` lists chains); its document must agree: a
  /// listed chain seeds `initialStates`, a feature's recording seeds one `initialState`.
  func kindProblem(_ loaded: FixtureDocument, listed: ListedFixture) -> LintProblem? {
    // Worked out only for a problem: the URL arithmetic costs more than reading a tiny recording.
    var file: String { manifest.location.displayName }
    switch (listed.isChain, loaded.kind) {
    case (true, .leaf):
      return LintProblem(
        file: loaded.file, line: Self.line(ofKey: "initialState", in: loaded.bytes),
        message:
          "'\(loaded.name)' is listed under chains: (\(file):\(listed.line)) but is a leaf recording (initialState, "
          + "no initialStates). List it under its feature's fixtures:, or re-record the chain: "
          + Self.recordCommand(for: listed))
    case (false, .chain):
      return LintProblem(
        file: loaded.file, line: Self.line(ofKey: "initialStates", in: loaded.bytes),
        message:
          "'\(loaded.name)' is listed under feature '\(listed.owner ?? "")' (\(file):\(listed.line)) but is a chain "
          + "recording (initialStates). List it under chains: instead.")
    default: return nil
    }
  }

  /// "This fixture file is not in canonical pretty form": its bytes differ from their re-emission.
  /// Only asked of files the fast reader did not prove canonical.
  func canonicalFormProblem(_ loaded: FixtureDocument, tree: JSONValue, listed: ListedFixture) -> LintProblem? {
    let expected: [UInt8]
    do {
      expected = Array(try CanonicalWriter.pretty(tree).utf8)
    } catch {
      return LintProblem(
        file: loaded.file,
        message:
          "holds a value the dialect forbids: \(error.description). Re-record it: \(Self.recordCommand(for: listed))")
    }
    guard expected != loaded.bytes else { return nil }
    return LintProblem(
      file: loaded.file, line: Self.firstDifferingLine(loaded.bytes, expected),
      message:
        "this fixture file is not in canonical pretty form (it differs from its re-emission from this line on). "
        + "Recordings are build products, never hand-edited: re-record it with \(Self.recordCommand(for: listed))")
  }

  /// Recordings on disk the manifest does not list; `git rm` is advised only for one git tracks
  /// (`tracked`: paths relative to the fixtures folder), and never for one whose name is a typo
  /// away from a listed recording that has no file (`missing`): that line is what to correct.
  func orphanProblems(_ orphans: [String], tracked: Set<String>, missing: [ListedFixture] = []) -> [LintProblem] {
    orphans.map { name in
      let path = store.displayPath(name)
      if let typo = Suggestion.closest(to: name, among: missing.map(\.name)),
        let line = missing.first(where: { $0.name == typo })?.line
      {
        return LintProblem(
          file: path,
          message:
            "recording '\(name)' is not listed in \(manifest.location.displayName), which lists '\(typo)' at line "
            + "\(line) with no file. A typo? Correct \(manifest.location.displayName):\(line) to '\(name)' and "
            + "keep this recording; if '\(typo)' is a new name, record it, then remove this one.")
      }
      let remedy =
        tracked.contains(name + FixturesListing.suffix)
        ? "or remove it: git rm \(path)" : "or delete it (git does not track it): rm \(path)"
      return LintProblem(
        file: path,
        message:
          "recording '\(name)' is not listed in \(manifest.location.displayName) (an orphan). List it under its "
          + "feature's fixtures: (or under chains:), \(remedy)")
    }
  }

  /// A temporary file an interrupted `record` left beside the recordings (killed between writing it
  /// and renaming it into place): never a recording, and never committed.
  func strayTemporaryProblems(_ names: [String]) -> [LintProblem] {
    let folder = manifest.location.relativePath(of: manifest.location.fixturesFolder)
    return names.map { name in
      let path = folder + "/" + name
      return LintProblem(
        file: path,
        message:
          "a temporary file left by an interrupted \(Program.name) record (its process is gone). The next \(Program.name) "
          + "record removes it, or delete it: rm \(path)")
    }
  }

  /// A recording in a subfolder of the fixtures folder: recordings are found by name directly in
  /// the folder, so no verb reads it and a test it seems to hold never runs.
  func nestedRecordingProblems(_ paths: [String], tracked: Set<String>) -> [LintProblem] {
    let folder = manifest.location.relativePath(of: manifest.location.fixturesFolder)
    return paths.map { nested in
      let path = folder + "/" + nested
      let name = String(nested.split(separator: "/").last ?? "").dropLast(FixturesListing.suffix.count)
      let git = tracked.contains(nested)
      return LintProblem(
        file: path,
        message:
          "this recording is in a subfolder of \(folder)/, where no verb reads it (recordings are found by name directly "
          + "in \(folder)/). Move it there and list '\(name)' in \(manifest.location.displayName): "
          + (git
            ? "git mv \(path) \(folder)/, or remove it: git rm \(path)"
            : "mv \(path) \(folder)/, or delete it (git does not track it): rm \(path)"))
    }
  }

  /// The 1-based line where two byte strings first differ.
  static func firstDifferingLine(_ left: [UInt8], _ right: [UInt8]) -> Int {
    var line = 1
    for index in 0..<min(left.count, right.count) {
      if left[index] != right[index] { return line }
      if left[index] == 0x0A { line += 1 }
    }
    return line
  }

  /// The line of the first `"key":` in a pretty document, when present.
  static func line(ofKey key: String, in bytes: [UInt8]) -> Int? {
    let needle = Array("\"\(key)\":".utf8)
    guard needle.count <= bytes.count else { return nil }
    var line = 1
    var index = 0
    while index + needle.count <= bytes.count {
      if bytes[index] == 0x0A { line += 1 }
      if bytes[index] == needle[0], Array(bytes[index..<(index + needle.count)]) == needle { return line }
      index += 1
    }
    return nil
  }
}

/// What lint found: every problem, how many recordings loaded, and which failed to load.
struct LintResult: Sendable {
  /// Every problem, manifest first, then fixtures, then the folder's (orphans, temporaries,
  /// recordings in subfolders).
  var problems: [LintProblem]
  /// Recordings that loaded and were checked.
  var fixturesChecked: Int
  /// Recordings that could not be loaded, by name.
  var loadFailures: [String: FixtureLoadError]
  /// What is worth saying but does not fail lint (docs/manifest.md's warnings).
  var warnings: [LintProblem] = []
}
