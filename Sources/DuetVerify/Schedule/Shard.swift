/// `--shard K/N`: this machine's share of the corpus, for splitting one gate across CI machines.
///
/// The share is a pure function of the fixture's name and N: the name's FNV-1a hash picks a shard
/// by jump consistent hashing (Lamping & Veach). So every machine computes the same split from the
/// same manifest, whatever order it lists recordings in; adding or removing a recording never
/// moves any other; and going from N to N+1 shards moves only about one recording in N+1. Shares
/// are even on average (not exactly: a small corpus can leave a shard empty, which `verify`
/// reports as an error rather than a silent pass).
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

  /// The names in this share.
  func select(_ names: [String]) -> Set<String> {
    Set(names.filter(contains))
  }

  /// True when recording `name` belongs to this share.
  func contains(_ name: String) -> Bool {
    Self.shard(of: name, count: count) == index
  }

  /// The 1-based shard of `name` among `count` shards.
  static func shard(of name: String, count: Int) -> Int {
    guard count > 1 else { return 1 }
    return jump(fnv1a(name), buckets: count) + 1
  }

  /// FNV-1a, 64 bits, over the name's UTF-8 bytes: fixed by definition, the same on every platform.
  static func fnv1a(_ name: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// Jump consistent hash: a bucket in 0..<buckets for `key`.
  static func jump(_ key: UInt64, buckets: Int) -> Int {
    var key = key
    var bucket: Int64 = -1
    var next: Int64 = 0
    while next < Int64(buckets) {
      bucket = next
      key = key &* 2_862_933_555_777_941_757 &+ 1
      next = Int64(Double(bucket + 1) * (Double(Int64(1) << 31) / Double((key >> 33) + 1)))
    }
    return Int(bucket)
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
