/// Why a runner's first line is not a duet-replay v1 handshake, with what it held instead.
///
/// The verifier refuses such a runner before sending it a single request; `description` is the one
/// place the reason becomes a phrase.
package enum HandshakeRefusal: Equatable, Sendable, CustomStringConvertible {
  /// The line is not JSON: the parser's message and the column it stopped at.
  case notJSON(message: String, column: Int)
  /// The line is JSON of another kind (`an array`, `a string`, …).
  case notObject(kind: String)
  /// Another protocol or version: what it said for each, rendered as JSON (`nothing` when absent).
  case otherProtocol(name: String, version: String)
  /// No `features` list.
  case noFeatures
  /// The `features` list holds something other than names (its kind).
  case featureNotName(kind: String)

  package var description: String {
    switch self {
    case .notJSON(let message, let column): return "its handshake is not JSON (\(message) at column \(column))"
    case .notObject(let kind): return "its handshake is \(kind), not a JSON object"
    case .otherProtocol(let name, let version):
      return "its handshake says protocol \(name), version \(version); duet-verify speaks protocol "
        + "\"\(RunnerHandshake.protocolName)\", version \(RunnerHandshake.protocolVersion). Use a runner built for "
        + "replay protocol v1"
    case .noFeatures: return "its handshake has no 'features' list of the features it serves"
    case .featureNotName(let kind): return "its 'features' list holds \(kind), not only names"
    }
  }
}
