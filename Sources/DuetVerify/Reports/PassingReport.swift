import DuetCore

/// The `.runs/verify/fixtures/<name>.json` report of a recording that passed, written straight into
/// bytes.
///
/// Most recordings of a run pass, and their report is always the same few fields: encoding each
/// one through `Codable` (a box per field, a sorted dictionary per object) cost about a fifth of
/// the verifier's instructions per step on a small-state corpus. This writes the same bytes the
/// canonical pretty encoder writes for the result without its step list (``FixtureResult/slimmed``:
/// `stepCount` still says how many steps passed), keys in canonical order; a test holds the two to
/// the same bytes. Failed results keep the encoder: they are few, and carry everything `explain`
/// shows.
enum PassingReport {
  /// The pretty canonical bytes of `result.slimmed`; nil when `result` failed.
  static func bytes(_ result: FixtureResult) -> [UInt8]? {
    guard result.passed else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(160 + result.name.utf8.count + result.file.utf8.count)
    bytes.append(contentsOf: "{\n  \"durationMillis\": ".utf8)
    bytes.append(contentsOf: String(result.durationMillis).utf8)
    if let feature = result.feature { member("feature", feature, into: &bytes) }
    member("file", result.file, into: &bytes)
    member("kind", result.kind.rawValue, into: &bytes)
    member("name", result.name, into: &bytes)
    if let source = result.scenarioSource { member("scenarioSource", source, into: &bytes) }
    bytes.append(contentsOf: ",\n  \"stepCount\": ".utf8)
    bytes.append(contentsOf: String(max(result.stepCount, result.steps.count)).utf8)
    bytes.append(contentsOf: ",\n  \"steps\": []\n}\n".utf8)
    return bytes
  }

  /// `,\n  "key": "value"` with the value quoted as the dialect writes strings.
  private static func member(_ key: StaticString, _ value: String, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: ",\n  \"".utf8)
    bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    bytes.append(contentsOf: "\": ".utf8)
    CanonicalWriter.appendQuoted(value, to: &bytes)
  }
}
