import DuetPlatform

/// The canonical encoder's own tree: like `JSONValue`, but an object is a plain list of members,
/// already in canonical key order with each key once.
///
/// Building a `[String: JSONValue]` for every object hashes every key twice (once to build it, once
/// for the writer to look members up in sorted order). The encoder puts each object's members in
/// order once, when it is finished (`MemberOrder`), and its `compact`/`pretty` write this tree
/// directly; `encode` converts it to `JSONValue` at the end.
enum EncodedValue {
  /// Members in canonical key order, each key once.
  case object([EncodedMember])
  case array([EncodedValue])
  /// A string, number, boolean or null.
  case leaf(JSONValue)

  /// The same value as a `JSONValue`.
  var json: JSONValue {
    switch self {
    case .leaf(let value): return value
    case .array(let elements): return .array(elements.map(\.json))
    case .object(let members):
      return .object(Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value.json) }))
    }
  }

  /// An object's members in canonical key order, each key once (its last value).
  static func canonicalMembers(_ members: [EncodedMember]) -> [EncodedMember] {
    guard members.count > 1 else { return members }
    return canonicalOrder(members).map { members[$0] }
  }

  /// The positions of `members` to keep, in canonical key order (of equal keys, the last).
  static func canonicalOrder(_ members: [EncodedMember]) -> [Int] {
    let keys = members.map { SortKey($0.key) }
    if zip(keys, keys.dropFirst()).allSatisfy({ $0.precedes($1) }) { return Array(members.indices) }
    // A stable insertion sort of positions (objects are small), so that of equal keys the last
    // encoded comes last; it is the one kept.
    var order = Array(0..<members.count)
    for next in 1..<order.count {
      let moving = order[next]
      var slot = next
      while slot > 0, keys[moving].precedes(keys[order[slot - 1]]) {
        order[slot] = order[slot - 1]
        slot -= 1
      }
      order[slot] = moving
    }
    var kept: [Int] = []
    kept.reserveCapacity(order.count)
    for (position, index) in order.enumerated() {
      if position + 1 < order.count, members[order[position + 1]].key == members[index].key { continue }
      kept.append(index)
    }
    return kept
  }

  /// A key with its first eight UTF-8 bytes packed big-endian, so most comparisons are one integer
  /// comparison; ties fall back to the full byte order.
  struct SortKey {
    let key: String
    let prefix: UInt64
    let count: Int

    init(_ key: String) {
      self.key = key
      var prefix: UInt64 = 0
      var count = 0
      for byte in key.utf8 {
        if count < 8 { prefix |= UInt64(byte) << (56 - 8 * count) }
        count += 1
      }
      self.prefix = prefix
      self.count = count
    }

    /// Strictly before `other` in canonical (UTF-8 byte) order.
    func precedes(_ other: SortKey) -> Bool {
      if prefix != other.prefix { return prefix < other.prefix }
      if count <= 8 || other.count <= 8 { return count < other.count }
      return JSONValue.canonicalPrecedes(key, other.key)
    }
  }

  /// The value of member `key` (its last), when this is an object.
  subscript(key: String) -> EncodedValue? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.key == key }?.value
  }
}

/// One member of an encoded object.
struct EncodedMember: CanonicalTreeMember {
  var key: String
  var value: EncodedValue

  init(_ key: String, _ value: EncodedValue) {
    self.key = key
    self.value = value
  }
}

extension EncodedValue: CanonicalTree {
  /// Writes the encoder's tree exactly as `CanonicalOutput` writes a `JSONValue`.
  @inline(__always)
  func write(
    to output: inout CanonicalOutput, depth: Int, allowsFraction: Bool, isDoubleParameter: Bool
  ) throws(CanonicalWriteError) {
    switch self {
    case .leaf(let leaf):
      try output.write(leaf, depth: depth, allowsFraction: allowsFraction, isDoubleParameter: isDoubleParameter)
    case .array(let elements): try output.writeArray(elements, depth: depth)
    case .object(let members):
      var isDoubleEnvelope = false
      if let caseValue = members.first(where: { $0.key == "case" })?.value, case .leaf(.string("double")) = caseValue {
        isDoubleEnvelope = true
      }
      try output.writeObject(
        members, depth: depth, isDoubleParameter: isDoubleParameter, isDoubleEnvelope: isDoubleEnvelope)
    }
  }
}

/// Puts an object's members in canonical order, remembering the order per coding-key type: every
/// value of a type encodes the same keys in the same order (give or take omitted optionals), so
/// after the first one a check that the keys match replaces the sort.
final class MemberOrder: @unchecked Sendable {
  static let shared = MemberOrder()
  /// Key sets remembered per type (optionals omitted or not make a few).
  static let variants = 8

  struct Entry {
    var keys: [String]
    var order: [Int]
  }

  private let lock = SystemLock()
  private var entries: [ObjectIdentifier: [Entry]] = [:]

  /// `members` in canonical order, each key once; `type` identifies the coding keys they came from.
  func canonical(_ members: [EncodedMember], type: ObjectIdentifier?) -> [EncodedMember] {
    guard members.count > 1 else { return members }
    guard let type else { return EncodedValue.canonicalMembers(members) }
    let known: [Entry] = lock.withLock { entries[type] ?? [] }
    for entry in known where entry.keys.count == members.count {
      if zip(entry.keys, members).allSatisfy({ $0 == $1.key }) { return entry.order.map { members[$0] } }
    }
    let order = EncodedValue.canonicalOrder(members)
    let entry = Entry(keys: members.map(\.key), order: order)
    lock.withLock {
      var list = entries[type] ?? []
      if list.count >= Self.variants { list.removeFirst() }
      list.append(entry)
      entries[type] = list
    }
    return order.map { members[$0] }
  }
}
