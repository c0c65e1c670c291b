import DuetCore

/// A recorded value as replay sends or byte-compares it: its compact canonical text as UTF-8
/// bytes, or why the dialect forbids sending it (a float, an out-of-range integer).
///
/// The bytes are what the hot loop needs: a recording read straight from canonical bytes keeps
/// every text as a slice of its one compact buffer, so reading, sending and comparing a step make
/// no string (docs/performance.md); `text` makes one for the slow paths that word a failure. The
/// tree is only needed when a step fails (to name the first divergent path). A value read by the
/// parser keeps its tree; one read straight from canonical bytes parses it from the bytes on demand.
struct WireText: Sendable {
  /// The compact UTF-8 bytes, or the sentence saying why there are none.
  var bytes: Result<ArraySlice<UInt8>, WireProblem>
  /// The tree the text was written from, when the parser read it.
  private var parsed: JSONValue?

  /// A text read straight from canonical bytes.
  init(bytes: ArraySlice<UInt8>) {
    self.bytes = .success(bytes)
  }

  /// A text known to be compact canonical.
  init(text: String) {
    bytes = .success(ArraySlice(text.utf8))
  }

  /// Writes `value` compactly; `what` names it in the problem (`steps[2].action`).
  init(_ value: JSONValue, what: String) {
    parsed = value
    do {
      bytes = .success(ArraySlice(try CanonicalWriter.compact(value).utf8))
    } catch {
      bytes = .failure(WireProblem(message: "\(what) cannot be sent: \(error.rooted(at: what).description)"))
    }
  }

  /// The text as a string (made on each call: for explaining and reporting, not the hot loop).
  var text: Result<String, WireProblem> {
    bytes.map { String(decoding: $0, as: UTF8.self) }
  }

  /// The value as a tree (parsed from the bytes when it was read without one).
  var tree: JSONValue? {
    if let parsed { return parsed }
    guard case .success(let bytes) = bytes else { return nil }
    return try? JSONParser().parse(bytes)
  }
}

/// Why a recorded value cannot go on the wire (a float, an out-of-range integer).
struct WireProblem: Error, Sendable {
  var message: String
}
