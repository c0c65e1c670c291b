import DuetCore
import DuetRunner

/// A runner's answer to `{"op":"scenarios",…}`: the compiled fixtures, or its error text.
///
/// Like every envelope it is parsed, never byte-compared. A line that is not the shape the protocol
/// gives is a runner fault (record then writes nothing); an `{"error":…}` is the runner's own
/// sentence, typically a failing Then with its label and line.
enum ScenariosReply: Equatable, Sendable {
  /// The fixtures the scenarios compile to, in the runner's order.
  case fixtures([ProducedFixture])
  /// `{"error": …}`.
  case refused(String)

  /// The request line for `target`, newline included.
  static func request(for target: RecordTarget) -> [UInt8] {
    let tree = JSONValue.object(["op": .string("scenarios"), target.requestKey: .string(target.name)])
    return ((try? CanonicalWriter.compactBytes(tree)) ?? []) + [0x0A]
  }

  /// Reads a response line.
  static func parse(_ line: [UInt8]) throws(RunnerFault) -> ScenariosReply {
    let envelope = try ReplyEnvelope(line)
    let preview = envelope.preview
    if let refusal = envelope.refusal { return .refused(refusal) }
    guard case .array(let entries)? = envelope.members["fixtures"] else {
      throw .missingField("fixtures", preview: preview)
    }
    var fixtures: [ProducedFixture] = []
    for (index, entry) in entries.enumerated() {
      guard case .string(let name)? = entry["name"] else {
        throw .missingField("fixtures[\(index)].name", preview: preview)
      }
      guard let document = entry["document"] else {
        throw .missingField("fixtures[\(index)].document", preview: preview)
      }
      fixtures.append(ProducedFixture(name: name, document: document))
    }
    return .fixtures(fixtures)
  }

  /// True when the runner does not speak the op at all (`unknown op 'scenarios'`).
  static func isUnknownOp(_ message: String) -> Bool {
    message.hasPrefix("unknown op")
  }
}

/// One fixture as the runner sent it: a name and a document, not yet checked.
///
/// Not a loaded recording (that is `FixtureDocument`, read from disk for replay): a compiled
/// scenario document on its way to being checked and written, so it stays a plain tree.
struct ProducedFixture: Equatable, Sendable {
  var name: String
  var document: JSONValue
}
