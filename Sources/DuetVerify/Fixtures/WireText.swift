import DuetCore

/// A recorded value as replay sends or byte-compares it: its compact canonical text, or why the
/// dialect forbids sending it (a float, an out-of-range integer).
///
/// The text is what the hot loop needs; the tree is only needed when a step fails (to name the
/// first divergent path). A value read by the parser keeps its tree; one read straight from
/// canonical bytes parses it from the text on demand.
struct WireText: Sendable {
  /// The text, or the sentence saying why there is none.
  var text: Result<String, WireProblem>
  /// The tree the text was written from, when the parser read it.
  private var parsed: JSONValue?

  /// A text read straight from canonical bytes.
  init(text: String) {
    self.text = .success(text)
  }

  /// Writes `value` compactly; `what` names it in the problem (`steps[2].action`).
  init(_ value: JSONValue, what: String) {
    parsed = value
    do {
      text = .success(try CanonicalWriter.compact(value))
    } catch {
      text = .failure(WireProblem(message: "\(what) cannot be sent: \(error.rooted(at: what).description)"))
    }
  }

  /// The value as a tree (parsed from the text when it was read without one).
  var tree: JSONValue? {
    if let parsed { return parsed }
    guard case .success(let text) = text else { return nil }
    return try? JSONParser().parse(text)
  }
}

/// Why a recorded value cannot go on the wire (a float, an out-of-range integer).
struct WireProblem: Error, Sendable {
  var message: String
}
