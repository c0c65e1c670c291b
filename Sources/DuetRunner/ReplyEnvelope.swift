import DuetCore

/// A reply line read as the JSON object every protocol reply is (parsed, never byte-compared): the
/// one reader of envelopes, so every op words a malformed line and an `{"error":…}` alike.
package struct ReplyEnvelope {
  /// The object's members.
  package var members: [String: JSONValue]
  /// The line's first 200 characters, for faults that quote it.
  package var preview: String

  /// Reads `line`; a line that is not a JSON object is a `notJSONObject` fault.
  package init(_ line: [UInt8]) throws(RunnerFault) {
    preview = RunnerFault.preview(line)
    let tree: JSONValue
    do {
      tree = try JSONParser().parse(line)
    } catch {
      throw .notJSONObject(reason: .notJSON(message: error.message, column: error.column), preview: preview)
    }
    guard case .object(let members) = tree else {
      throw .notJSONObject(reason: .otherKind(tree.kindName), preview: preview)
    }
    self.members = members
  }

  /// The runner's own sentence, when it answered `{"error":…}` (anything but a string as JSON text).
  package var refusal: String? {
    members["error"].map { $0.stringValue ?? FirstDivergence.render($0) }
  }
}
