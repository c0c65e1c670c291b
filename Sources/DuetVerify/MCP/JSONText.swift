import DuetCore

/// Writes a ``JSONValue`` as one line of JSON for a JSON-RPC reply.
///
/// Not the canonical writer: a reply may carry a number the fixture dialect refuses (a request id
/// or a tool's figure with a fraction), and it must still go out as the exact lexeme it came in as.
/// Keys are sorted so a reply reads the same every time.
enum JSONText {
  /// The value on one line, no trailing newline.
  static func line(_ value: JSONValue) -> String {
    var text = ""
    append(value, to: &text)
    return text
  }

  static func append(_ value: JSONValue, to text: inout String) {
    switch value {
    case .object(let members):
      text += "{"
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { text += "," }
        text += CanonicalWriter.quoted(key) + ":"
        append(members[key] ?? .null, to: &text)
      }
      text += "}"
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += "," }
        append(element, to: &text)
      }
      text += "]"
    case .string(let string): text += CanonicalWriter.quoted(string)
    case .integer(let number): text += String(number)
    case .largeInteger(let lexeme), .fraction(let lexeme): text += lexeme
    case .bool(let flag): text += flag ? "true" : "false"
    case .null: text += "null"
    }
  }
}
