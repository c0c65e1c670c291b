/// What one `scenarios` request compiles: every scenario of a feature, or one chain scenario.
///
/// `record` walks the manifest's features and chains in file order, one request per target, so the
/// manifest stays the single list of what the repository records.
enum RecordTarget: Hashable, Sendable {
  /// A feature's scenarios (`{"op":"scenarios","feature":…}`).
  case feature(String)
  /// One chain scenario (`{"op":"scenarios","chain":…}`).
  case chain(String)

  /// The feature or chain name.
  var name: String {
    switch self {
    case .feature(let name), .chain(let name): return name
    }
  }

  /// `feature 'counter'` or `chain 'chain-ping-pong'`, for sentences.
  var display: String {
    switch self {
    case .feature(let name): return "feature '\(name)'"
    case .chain(let name): return "chain '\(name)'"
    }
  }

  /// The request field naming the target (`feature` or `chain`).
  var requestKey: String {
    switch self {
    case .feature: return "feature"
    case .chain: return "chain"
    }
  }

  /// The command that records only this target.
  var recordCommand: String {
    switch self {
    case .feature(let name): return "\(Program.name) record \(Option.feature.rawValue) \(name)"
    case .chain(let name): return "\(Program.name) record \(Option.chain.rawValue) \(name)"
    }
  }

  /// Why `record` has nothing to compile for the targets asked for (exit 2).
  enum SelectionError: Diagnostic, Equatable {
    /// `--feature F` names no feature of the manifest.
    case undeclaredFeature(String, manifest: String, declared: [String])
    /// `--chain C` names no chain of the manifest.
    case unlistedChain(String, manifest: String, listed: [String])
    /// The manifest declares nothing to record.
    case nothingToRecord(manifest: String)

    var speaker: String? { "record" }

    var message: String {
      switch self {
      case .undeclaredFeature(let feature, let file, let known):
        return "\(Option.feature.rawValue) \(feature) is not declared in \(file) (declared: "
          + "\(known.isEmpty ? "none" : known.joined(separator: ", "))). Declare it with a fixtures: list first."
          + Suggestion.hint(for: feature, among: known)
      case .unlistedChain(let chain, let file, let known):
        return "\(Option.chain.rawValue) \(chain) is not listed under chains: in \(file) (listed: "
          + "\(known.isEmpty ? "none" : known.joined(separator: ", "))). List it there first."
          + Suggestion.hint(for: chain, among: known)
      case .nothingToRecord(let file):
        return "\(file) declares no features and no chains, so there is nothing to record. "
          + "Declare the features whose scenarios the runner compiles."
      }
    }
  }

  /// The targets `record` compiles: every feature then every chain of the manifest, or the ones named.
  static func select(from manifest: Manifest, features: [String], chain: String?) throws(SelectionError)
    -> [RecordTarget]
  {
    let file = manifest.location.displayName
    if !features.isEmpty {
      for feature in features where manifest.feature(named: feature) == nil {
        throw .undeclaredFeature(feature, manifest: file, declared: manifest.features.map(\.name))
      }
      return features.map(RecordTarget.feature)
    }
    if let chain {
      let known = manifest.chains.map(\.name)
      let name = known.contains(chain) ? chain : NameRules.chainPrefix + chain
      guard known.contains(name) else { throw .unlistedChain(chain, manifest: file, listed: known) }
      return [.chain(name)]
    }
    let targets = manifest.features.map { RecordTarget.feature($0.name) } + manifest.chains.map { .chain($0.name) }
    if targets.isEmpty { throw .nothingToRecord(manifest: file) }
    return targets
  }

  /// The recordings the manifest lists for this target.
  func listed(in manifest: Manifest) -> [ListedFixture] {
    switch self {
    case .feature(let name): return manifest.listedFixtures.filter { $0.owner == name }
    case .chain(let name): return manifest.listedFixtures.filter { $0.isChain && $0.name == name }
    }
  }
}
