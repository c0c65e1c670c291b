/// `--shard K/N`: this machine's share of the corpus, for splitting one gate across CI machines.
///
/// The share is deterministic by fixture name: names are sorted and dealt round-robin, so every
/// machine computes the same split from the same manifest and the shares differ by at most one.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
  /// 1-based index of this share.
  public var index: Int
  /// Number of shares.
  public var count: Int

  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Parses `K/N` with 1 ≤ K ≤ N.
  public static func parse(_ text: String) -> Shard? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 1,
      index <= count
    else { return nil }
    return Shard(index: index, count: count)
  }

  /// The names in this share.
  public func select(_ names: [String]) -> Set<String> {
    let sorted = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    var chosen: Set<String> = []
    for (position, name) in sorted.enumerated() where position % count == index - 1 { chosen.insert(name) }
    return chosen
  }

  public var description: String { "\(index)/\(count)" }
}
