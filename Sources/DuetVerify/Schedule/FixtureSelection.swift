/// Which listed recordings a run replays: scoped by `--feature`, then `--shard`.
///
/// An empty selection is an error with a sentence, never a silent pass: a gate that replayed
/// nothing proves nothing.
public enum FixtureSelection {
  /// Why nothing (or nothing valid) was selected; a usage error (exit 2).
  public struct EmptySelection: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The recordings to replay, in manifest order.
  public static func select(
    from manifest: Manifest, feature: String?, shard: Shard?, chainNodes: [String: [String]] = [:]
  ) throws(EmptySelection) -> [ListedFixture] {
    var listed = manifest.listedFixtures
    let file = manifest.location.displayName
    if listed.isEmpty {
      throw EmptySelection(
        description:
          "duet-verify: \(file) lists no recordings, so there is nothing to verify. Declare features with "
          + "fixtures: and record them (duet-verify record).")
    }
    if let feature {
      guard manifest.feature(named: feature) != nil else {
        let known = manifest.features.map(\.name).joined(separator: ", ")
        throw EmptySelection(
          description:
            "duet-verify: --feature \(feature) is not declared in \(file) (declared: \(known.isEmpty ? "none" : known))."
            + Suggestion.hint(for: feature, among: manifest.features.map(\.name)))
      }
      listed = listed.filter { $0.owner == feature || (chainNodes[$0.name]?.contains(feature) ?? false) }
      if listed.isEmpty {
        throw EmptySelection(
          description:
            "duet-verify: feature '\(feature)' has no recordings, so --feature \(feature) matches nothing to verify. "
            + "Record it first (duet-verify record --feature \(feature)).")
      }
    }
    if let shard {
      let chosen = shard.select(listed.map(\.name))
      listed = listed.filter { chosen.contains($0.name) }
      if listed.isEmpty {
        throw EmptySelection(
          description:
            "duet-verify: shard \(shard) holds no recordings (the selection has fewer recordings than shards). "
            + "Use fewer shards.")
      }
    }
    return listed
  }

  /// Dispatch order: biggest files first (they take longest), ties by name, so slots finish together.
  public static func dispatchOrder(_ fixtures: [ListedFixture], size: (String) -> Int?) -> [ListedFixture] {
    fixtures.map { ($0, size($0.name) ?? 0) }
      .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.name.utf8.lexicographicallyPrecedes($1.0.name.utf8) }
      .map(\.0)
  }
}
