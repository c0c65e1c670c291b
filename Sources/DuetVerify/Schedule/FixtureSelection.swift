/// Which listed recordings a run replays: scoped by `--feature`, then `--shard`.
///
/// An empty selection is an error with a sentence, never a silent pass: a gate that replayed
/// nothing proves nothing.
enum FixtureSelection {
  /// Why nothing (or nothing valid) was selected; a usage error (exit 2). `message` is its
  /// sentence.
  enum EmptySelection: Diagnostic, Equatable, Sendable {
    /// The manifest (`file`, as shown) lists no recordings.
    case nothingListed(file: String)
    /// `--feature feature` names no declared feature.
    case undeclaredFeature(String, file: String, declared: [String])
    /// The `--feature` features have no recordings.
    case featuresWithoutRecordings([String])
    /// This shard's share is empty.
    case emptyShard(Shard)

    var message: String {
      switch self {
      case .nothingListed(let file):
        return "\(file) lists no recordings, so there is nothing to verify. Declare features with "
          + "fixtures: and record them (\(Program.name) record)."
      case .undeclaredFeature(let feature, let file, let declared):
        let known = declared.joined(separator: ", ")
        return
          "\(Option.feature.rawValue) \(feature) is not declared in \(file) (declared: \(known.isEmpty ? "none" : known))."
          + Suggestion.hint(for: feature, among: declared)
      case .featuresWithoutRecordings(let features):
        let flags = features.map { "\(Option.feature.rawValue) \($0)" }.joined(separator: " ")
        let names = features.map { "'\($0)'" }.joined(separator: ", ")
        return
          "\(features.count == 1 ? "feature" : "features") \(names) \(features.count == 1 ? "has" : "have") "
          + "no recordings, so \(flags) matches nothing to verify. Record \(features.count == 1 ? "it" : "them") "
          + "first (\(Program.name) record \(flags))."
      case .emptyShard(let shard):
        return "shard \(shard) holds no recordings (the selection has fewer recordings than shards). "
          + "Use fewer shards, or add \(Option.allowEmptyShard.rawValue) when a share may be empty."
      }
    }
  }

  /// The recordings to replay, in manifest order: those of `features` (all when empty) and of the
  /// chains through them, then this `shard`'s share, balanced by `cost` (``Shard``). An empty share
  /// is an error unless `allowEmptyShard` (`--allow-empty-shard`): then it is an empty selection.
  static func select(
    from manifest: Manifest, features: [String], shard: Shard?, allowEmptyShard: Bool = false,
    chainNodes: [String: [String]] = [:], cost: (String) -> Double = { _ in 1 }
  ) throws(EmptySelection) -> [ListedFixture] {
    var listed = manifest.listedFixtures
    let file = manifest.location.displayName
    if listed.isEmpty { throw .nothingListed(file: file) }
    if !features.isEmpty {
      let declared = manifest.features.map(\.name)
      for feature in features where manifest.feature(named: feature) == nil {
        throw .undeclaredFeature(feature, file: file, declared: declared)
      }
      let wanted = Set(features)
      listed = listed.filter { fixture in
        fixture.owner.map(wanted.contains) ?? false || !(chainNodes[fixture.name].map(wanted.isDisjoint) ?? true)
      }
      if listed.isEmpty { throw .featuresWithoutRecordings(features) }
    }
    if let shard {
      let chosen = shard.select(listed.map(\.name), cost: cost)
      listed = listed.filter { chosen.contains($0.name) }
      if listed.isEmpty && !allowEmptyShard { throw .emptyShard(shard) }
    }
    return listed
  }

  /// Dispatch order, as positions in `fixtures`: biggest files first (they take longest), ties by
  /// name (then by the order given), so slots finish together. `verify`'s corpus pass dispatches
  /// in exactly this order, and keeps each recording's place by its position (no name looked up).
  ///
  /// Positions are sorted, not the recordings themselves (moving whole records costs a retain and
  /// release per field and move); names of plain ASCII, as every valid recording name is, compare
  /// with `<`, which orders them by their bytes. `sizes` holds one file size per recording (0 for a
  /// missing one).
  static func dispatchOrder(_ fixtures: [ListedFixture], sizes: [Int]) -> [Int] {
    let ascii = fixtures.allSatisfy { $0.name.utf8.allSatisfy { $0 < 0x80 } }
    return fixtures.indices.sorted { left, right in
      if sizes[left] != sizes[right] { return sizes[left] > sizes[right] }
      let leftName = fixtures[left].name
      let rightName = fixtures[right].name
      if leftName == rightName { return left < right }
      return ascii ? leftName < rightName : leftName.utf8.lexicographicallyPrecedes(rightName.utf8)
    }
  }
}
