import DuetPlatform

/// The parsed `manifest.yaml`: features and their recordings (and the events each emits), chains,
/// and the runner package.
///
/// Every verb that touches recordings starts here, so the manifest is the one place that says which
/// recordings exist and who owns them.
struct Manifest: Equatable, Sendable {
  /// Where the manifest was found, and the folders derived from it.
  var location: ManifestLocation
  /// The SwiftPM package whose `replay-runner` product serves the features (relative to the root).
  var replayRunner: ManifestEntry?
  /// The features, in file order.
  var features: [ManifestFeature]
  /// Chain recordings, in file order: a recording is a chain because it is listed here, whatever its name.
  var chains: [ManifestEntry]
  /// Duet's `presentation:` section, carried uninterpreted.
  var presentation: YAMLNode?
  /// Duet's `mocks:` section, carried uninterpreted.
  var mocks: YAMLNode?
  /// What the reader found worth saying but not failing on (an unknown per-feature key, which the
  /// duet CLI carries; an inline `chains: []`, which the duet CLI rejects).
  var warnings: [LintProblem]
  /// The top-level `telemetry:` section the reader refused, if any: its error is worded again once
  /// the recordings show which features emit its events.
  var refusedTelemetry: RefusedTelemetrySection?

  init(
    location: ManifestLocation, replayRunner: ManifestEntry? = nil, features: [ManifestFeature] = [],
    chains: [ManifestEntry] = [], presentation: YAMLNode? = nil, mocks: YAMLNode? = nil,
    warnings: [LintProblem] = []
  ) {
    self.location = location
    self.replayRunner = replayRunner
    self.features = features
    self.chains = chains
    self.presentation = presentation
    self.mocks = mocks
    self.warnings = warnings
  }

  /// The declared taxonomy: the union of the features' `events:` and `verbs:` (docs/telemetry.md), or
  /// `nil` when no feature declares any.
  var telemetry: ManifestTelemetry? {
    let declaring = features.filter { !$0.events.isEmpty || !$0.verbs.isEmpty }
    guard !declaring.isEmpty else { return nil }
    return ManifestTelemetry(features: declaring)
  }

  /// The feature named `name`.
  func feature(named name: String) -> ManifestFeature? {
    features.first { $0.name == name }
  }

  /// Every recording the manifest lists, leaf fixtures first (in feature order), then chains.
  var listedFixtures: [ListedFixture] {
    var result: [ListedFixture] = []
    result.reserveCapacity(features.reduce(chains.count) { $0 + $1.fixtures.count })
    for feature in features {
      for entry in feature.fixtures {
        result.append(ListedFixture(name: entry.name, line: entry.line, owner: feature.name))
      }
    }
    for chain in chains { result.append(ListedFixture(name: chain.name, line: chain.line, owner: nil)) }
    return result
  }
}

/// A recording named in the manifest: its name, the line it is listed on, and its owner feature
/// (`nil` for a chain).
struct ListedFixture: Equatable, Hashable, Sendable {
  /// The recording's name (`splash.ceremony-completes`, `chain-root-splash`).
  var name: String
  /// The manifest line listing it.
  var line: Int
  /// The feature that owns it; `nil` for chains.
  var owner: String?

  init(name: String, line: Int, owner: String?) {
    self.name = name
    self.line = line
    self.owner = owner
  }

  /// True for chain recordings.
  var isChain: Bool { owner == nil }
}
