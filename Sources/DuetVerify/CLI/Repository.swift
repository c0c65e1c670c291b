import DuetCore
import Foundation

/// A repository as every manifest-reading verb sees it: the manifest, its fixtures folder, the lint
/// result, and (for `verify`) the taxonomy gate's findings, all from one streaming pass.
struct Repository {
  var manifest: Manifest
  var store: FixtureStore
  var lint: LintResult
  /// The taxonomy gate after reading every recording (empty when not asked for).
  var gate: TaxonomyGate
  var findings: [TaxonomyFinding]
  /// Chain recording → its nodes (for `--feature` scoping).
  var chainNodes: [String: [String]]
  /// True when the manifest itself breaks the grammar or its rules: nothing can be replayed safely.
  var manifestBroken: Bool

  /// Finds and reads the manifest, then lints (and optionally runs the taxonomy gate over) the corpus.
  static func load(manifestPath: String?, from folder: URL, taxonomy: Bool) throws(ManifestDiscoveryError)
    -> Repository
  {
    let location = try ManifestLocation.discover(explicit: manifestPath, from: folder)
    let read = ManifestReader.load(location)
    let store = FixtureStore(location: location)
    var gate = TaxonomyGate(declared: read.manifest.telemetry)
    var chainNodes: [String: [String]] = [:]
    let linter = Linter(manifest: read.manifest, manifestProblems: read.problems, store: store)
    let lint = linter.run(inspecting: { listed, inspected in
      if listed.isChain { chainNodes[listed.name] = inspected.document.nodes }
      if taxonomy { gate.add(fixture: listed.name, document: inspected.taxonomyDocument, feature: listed.owner) }
    })
    return Repository(
      manifest: read.manifest, store: store, lint: lint, gate: gate, findings: taxonomy ? gate.finish() : [],
      chainNodes: chainNodes, manifestBroken: !read.problems.isEmpty)
  }
}
