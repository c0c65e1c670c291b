import DuetPlatform

/// The repository a run works on: the manifest (with the problems its reader found) and the
/// recordings folder. Loaded once per run and handed to lint, replay, the taxonomy gate and
/// `explain`, so no verb reads the manifest twice or lints what it does not report.
struct Corpus: Sendable {
  /// The manifest as read.
  var manifest: Manifest
  /// Problems the manifest reader found (syntax and rules).
  var manifestProblems: [LintProblem]
  /// The fixtures folder.
  var store: FixtureStore

  init(manifest: Manifest, manifestProblems: [LintProblem], store: FixtureStore) {
    self.manifest = manifest
    self.manifestProblems = manifestProblems
    self.store = store
  }

  /// Finds the manifest (`--manifest`, else upwards from `folder`) and reads it.
  static func load(manifestPath: String?, from folder: URL) throws(ManifestDiscoveryError) -> Corpus {
    let location = try ManifestLocation.discover(explicit: manifestPath, from: folder)
    let read = ManifestReader.load(location)
    return Corpus(manifest: read.manifest, manifestProblems: read.problems, store: FixtureStore(location: location))
  }

  /// True when the manifest itself breaks the grammar or its rules: nothing can be replayed safely.
  var manifestBroken: Bool { !manifestProblems.isEmpty }

  /// The listed recording named `name`.
  func listed(named name: String) -> ListedFixture? {
    manifest.listedFixtures.first { $0.name == name }
  }

  /// Chain recording → its nodes, for `--feature` scoping (only chains are read).
  func chainNodes() -> [String: [String]] {
    var nodes: [String: [String]] = [:]
    for listed in manifest.listedFixtures where listed.isChain {
      if case .success(let document) = store.load(listed.name) { nodes[listed.name] = document.nodes }
    }
    return nodes
  }
}
