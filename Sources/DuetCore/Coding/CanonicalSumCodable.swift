/// Marks an enum with associated values as a dialect sum type, coded as a `case`/`value` envelope.
///
/// Swift's synthesized `Codable` writes `.armSafetyNet(afterMillis: 3000)` as
/// `{"armSafetyNet":{"afterMillis":3000}}`; the recordings (and Duet's Kotlin core) need
/// `{"case":"armSafetyNet","value":{"afterMillis":3000}}`. Conforming to this protocol is all a type
/// does: the canonical encoder and decoder translate the synthesized coding into the envelope and
/// back, so there is no generated code to keep in step with the type.
///
/// - `{"case":"appeared"}` for a case without payload;
/// - `{"case":"completed","value":{"path":…}}` for labelled payloads;
/// - `{"case":"notifyListener","value":<v>}` for a single unlabelled payload.
public protocol CanonicalSumCodable: Codable {}

/// The translation between Swift's synthesized enum shape and the case/value envelope.
enum SumEnvelope {
  /// `{"name":{…}}` (synthesized) → `{"case":"name",…}` (dialect).
  static func wrap(_ synthesized: EncodedValue, type: Any.Type, trail: CodingTrail) throws -> EncodedValue {
    guard case .object(let outer) = synthesized, outer.count == 1, case .object(let fields) = outer[0].value
    else {
      throw CanonicalCodingError.invalidValue(
        "\(String(describing: type)) is marked CanonicalSumCodable but did not encode as an enum with synthesized Codable",
        path: trail.jsonPath)
    }
    let name = EncodedMember("case", .leaf(.string(outer[0].key)))
    if fields.isEmpty { return .object([name]) }
    if !fields.contains(where: { isUnlabelledKey($0.key) }) {
      return .object([name, EncodedMember("value", outer[0].value)])
    }
    if fields.count == 1, fields[0].key == "_0" {
      return .object([name, EncodedMember("value", fields[0].value)])
    }
    throw CanonicalCodingError.invalidValue(
      "case '\(outer[0].key)' of \(String(describing: type)) has several or mixed unlabelled payloads; the envelope allows one unlabelled payload, or labels for all",
      path: trail.jsonPath)
  }

  /// Swift names unlabelled associated values `_0`, `_1`, ….
  static func isUnlabelledKey(_ key: String) -> Bool {
    key.first == "_" && key.count > 1 && key.dropFirst().allSatisfy(\.isNumber)
  }
}
