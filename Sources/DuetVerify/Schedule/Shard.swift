/// `--shard K/N`: this machine's share of the corpus, for splitting one gate across CI machines.
///
/// Shares are balanced by cost, so the machines of one matrix finish together: recordings are
/// taken costliest first (ties by name, by bytes) and each goes to the share that holds the least
/// cost so far (ties to the lowest index) — the longest-processing-time rule. The cost is each
/// recording's size on disk by default (known without running), or its measured duration with
/// `--timings FILE`. The split is a pure function of the names, their costs and N, so every
/// machine of a matrix computes the same one; each recording lands in exactly one share.
struct Shard: Equatable, Sendable, CustomStringConvertible {
  /// 1-based index of this share.
  var index: Int
  /// Number of shares.
  var count: Int

  /// Parses `K/N` with 1 ≤ K ≤ N.
  static func parse(_ text: String) -> Shard? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 1,
      index <= count
    else { return nil }
    return Shard(index: index, count: count)
  }

  /// The names in this share, each of cost `cost(name)` (every name costs the same by default).
  func select(_ names: [String], cost: (String) -> Double = { _ in 1 }) -> Set<String> {
    let shares = Self.assign(names, count: count, cost: cost)
    return Set(names.indices.filter { shares[$0] == index }.map { names[$0] })
  }

  /// The 1-based share of each of `names` (by position) among `count` shares, balanced by `cost`.
  static func assign(_ names: [String], count: Int, cost: (String) -> Double) -> [Int] {
    guard count > 1 else { return Array(repeating: 1, count: names.count) }
    let costs = names.map { max(0, cost($0)) }
    let order = names.indices.sorted { left, right in
      if costs[left] != costs[right] { return costs[left] > costs[right] }
      if names[left] != names[right] { return names[left].utf8.lexicographicallyPrecedes(names[right].utf8) }
      return left < right
    }
    var loads = Array(repeating: 0.0, count: count)
    var held = Array(repeating: 0, count: count)
    var shares = Array(repeating: 1, count: names.count)
    for position in order {
      // The least loaded share; among equals the one holding fewest recordings, then the first.
      var best = 0
      for candidate in 1..<count
      where loads[candidate] < loads[best] || (loads[candidate] == loads[best] && held[candidate] < held[best]) {
        best = candidate
      }
      loads[best] += costs[position]
      held[best] += 1
      shares[position] = best + 1
    }
    return shares
  }

  /// A report path for this share: `reports/verify.xml` → `reports/verify.shard-2-of-4.xml`, so
  /// the shards of one gate never overwrite each other's reports when gathered together.
  func reportPath(_ path: String) -> String {
    let tag = ".shard-\(index)-of-\(count)"
    let slash = path.lastIndex(of: "/")
    let name = slash.map { path[path.index(after: $0)...] } ?? path[...]
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + tag }
    return String(path[..<dot]) + tag + String(path[dot...])
  }

  var description: String { "\(index)/\(count)" }
}
