/// Collections whose Swift `Codable` shape is not canonical, encoded by the dialect's own rules.
///
/// - `Dictionary`: an object, under `DictionaryKeyRule` (Swift would write an array of keys and
///   values for an enum key type, and `{"1":…}` for `Int` keys).
/// - `Set`: an array sorted by each element's compact canonical bytes. Swift iterates a set in
///   hash order, and the hash seed changes with every process, so its own coding would give
///   different bytes for the same value on every run.
protocol CanonicalCollectionEncoding {
  func canonicalTree(trail: CodingTrail) throws -> EncodedValue
}

extension CanonicalCollectionEncoding {
  /// The tree of `value`, whose type `T` is known to be `Self` (found by a metatype cast).
  static func canonicalTree<T>(of value: T, trail: CodingTrail) throws -> EncodedValue {
    try unsafeBitCast(value, to: Self.self).canonicalTree(trail: trail)
  }
}

/// The decoding side: a dictionary from an object under the same key rule; a set from an array
/// that holds each value once.
protocol CanonicalCollectionDecoding {
  static func canonicalDecoded(from value: JSONValue, trail: CodingTrail) throws -> Self
}

extension Dictionary: CanonicalCollectionEncoding where Key: Encodable, Value: Encodable {
  func canonicalTree(trail: CodingTrail) throws -> EncodedValue {
    let rule = try DictionaryKeyRule(for: Key.self, trail: trail)
    // Members in canonical key order before any value is encoded, so the first failing value
    // (and a clash of two keys written alike) is the same in every process.
    var named: [(name: String, value: Value)] = []
    named.reserveCapacity(count)
    for (key, value) in self { named.append((try rule.name(of: key, trail: trail), value)) }
    named.sort { JSONValue.canonicalPrecedes($0.name, $1.name) }
    var members: [EncodedMember] = []
    members.reserveCapacity(named.count)
    for (position, member) in named.enumerated() {
      if position > 0, named[position - 1].name == member.name {
        throw CanonicalCodingError.invalidValue(
          "two keys of \(String(describing: Self.self)) are both written as '\(member.name)'; give each key its own coding key",
          path: trail.jsonPath)
      }
      let memberTrail = trail.member(DictionaryKeyRule.MemberKey(member.name))
      members.append(EncodedMember(member.name, try CanonicalEncoding.box(member.value, trail: memberTrail)))
    }
    return .object(members)
  }
}

extension Dictionary: CanonicalCollectionDecoding where Key: Decodable, Value: Decodable {
  static func canonicalDecoded(from value: JSONValue, trail: CodingTrail) throws -> Self {
    let rule = try DictionaryKeyRule(for: Key.self, trail: trail)
    let typeName = String(describing: Self.self)
    guard case .object(let members) = value else {
      throw CanonicalCodingError.typeMismatch(
        expected: "an object (\(typeName))", found: CanonicalDecoding.describe(value), path: trail.jsonPath)
    }
    var result: Self = [:]
    result.reserveCapacity(members.count)
    for (name, member) in members {
      guard let key = rule.key(named: name, as: Key.self) else {
        // Name the first unknown key in canonical order, so the message is stable.
        let unknown = members.keys.filter { rule.key(named: $0, as: Key.self) == nil }
          .sorted(by: JSONValue.canonicalPrecedes)
        throw CanonicalCodingError.unexpectedKey(unknown[0], typeName: typeName, path: trail.jsonPath)
      }
      let memberTrail = trail.member(DictionaryKeyRule.MemberKey(name))
      guard
        result.updateValue(try CanonicalDecoding.unbox(Value.self, from: member, trail: memberTrail), forKey: key)
          == nil
      else {
        throw CanonicalCodingError.invalidValue(
          "two keys of the object read as the same \(String(describing: Key.self)) ('\(name)' is one)",
          path: trail.jsonPath)
      }
    }
    return result
  }
}

extension Set: CanonicalCollectionEncoding where Element: Encodable {
  func canonicalTree(trail: CodingTrail) throws -> EncodedValue {
    // Elements are encoded at the set's own path: an index would be the element's position in
    // hash order, which differs per process.
    var sorted: [(bytes: [UInt8], value: EncodedValue)] = []
    sorted.reserveCapacity(count)
    for element in self {
      let value = try CanonicalEncoding.box(element, trail: trail)
      do {
        sorted.append((try CanonicalOutput.laidOut(value, pretty: false).bytes, value))
      } catch {
        throw CanonicalCodingError.invalidValue(error.description, path: trail.jsonPath)
      }
    }
    sorted.sort { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    return .array(sorted.map(\.value))
  }
}

extension Set: CanonicalCollectionDecoding where Element: Decodable {
  static func canonicalDecoded(from value: JSONValue, trail: CodingTrail) throws -> Self {
    guard case .array(let elements) = value else {
      throw CanonicalCodingError.typeMismatch(
        expected: "an array (\(String(describing: Self.self)))", found: CanonicalDecoding.describe(value),
        path: trail.jsonPath)
    }
    var result: Self = []
    result.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      let elementTrail = trail.element(index)
      guard result.insert(try CanonicalDecoding.unbox(Element.self, from: element, trail: elementTrail)).inserted else {
        throw CanonicalCodingError.invalidValue(
          "this element repeats an earlier one, and a Set holds each value once; remove the repeat",
          path: elementTrail.jsonPath)
      }
    }
    return result
  }
}
