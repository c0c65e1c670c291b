import DuetCore

/// The lines the runner writes, each one compact canonical JSON without its newline.
///
/// Envelopes are parsed, never byte-compared, by a verifier; writing them canonically anyway keeps
/// them stable for goldens and lets the `state`/`effects` strings be spliced in without a tree.
enum ReplayEnvelope {
  /// `{"capabilities":["record"],"features":[…],"platform":"swift","protocol":"duet-replay","version":1}`.
  static func handshake(features: [String]) -> String {
    let names = features.sorted(by: JSONValue.canonicalPrecedes).map(JSONValue.string)
    let tree = JSONValue.object([
      "capabilities": .array([.string("record")]),
      "features": .array(names),
      "platform": .string("swift"),
      "protocol": .string("duet-replay"),
      "version": .integer(1),
    ])
    return (try? CanonicalWriter.compact(tree)) ?? ""
  }

  /// `{"effects":"…","state":"…"}`: both strings quoted, keys already in canonical order.
  static func reduced(_ step: ReplayStep) -> String {
    "{\"effects\":" + CanonicalWriter.quoted(step.effects) + ",\"state\":" + CanonicalWriter.quoted(step.state) + "}"
  }

  /// `{"error":"…"}`.
  static func error(_ error: ReplayError) -> String {
    "{\"error\":" + CanonicalWriter.quoted(error.description) + "}"
  }

  /// `{"fixtures":[{"document":…,"name":"…"},…]}` in the order given.
  static func fixtures(_ fixtures: [(name: String, document: JSONValue)]) throws(CanonicalWriteError) -> String {
    let entries = fixtures.map { JSONValue.object(["name": .string($0.name), "document": $0.document]) }
    return try CanonicalWriter.compact(.object(["fixtures": .array(entries)]))
  }
}
