import DuetCore

/// One input of an MCP tool: its JSON name and type, and the command-line argument it becomes.
///
/// Each maps onto the verb's own option (its help line is the option table's), so a tool takes
/// exactly what the verb takes and the verb's parser still judges every value.
struct MCPToolParameter {
  /// The JSON type the argument has, and how it is spelled on the command line.
  enum Kind {
    /// A string: `--option value`.
    case text
    /// An array of strings: `--option value` once per element (a repeatable option).
    case texts
    /// An integer: `--option N`.
    case integer
    /// A number of seconds: `--option S`.
    case number
    /// A boolean: `--option` when true.
    case flag
    /// A string given as the verb's operand (no option name).
    case operand
  }

  var name: String
  var kind: Kind
  /// The option it becomes (nil for an operand).
  var option: Option?
  var description: String

  init(_ name: String, _ kind: Kind, _ option: Option) {
    self.name = name
    self.kind = kind
    self.option = option
    description = "\(option.rawValue): \(option.row.help)"
  }

  init(operand name: String, description: String) {
    self.name = name
    kind = .operand
    option = nil
    self.description = description
  }

  /// The JSON schema of the argument.
  var schema: JSONValue {
    var members: [String: JSONValue] = ["description": .string(description)]
    switch kind {
    case .text, .operand: members["type"] = .string("string")
    case .texts: members["type"] = .string("array"); members["items"] = .object(["type": .string("string")])
    case .integer: members["type"] = .string("integer")
    case .number: members["type"] = .string("number")
    case .flag: members["type"] = .string("boolean")
    }
    return .object(members)
  }

  /// The command-line words for `value`, or a sentence saying what the argument must be.
  func arguments(for value: JSONValue) -> Result<[String], MCPToolInputError> {
    let flag = option?.rawValue ?? ""
    switch (kind, value) {
    case (.operand, .string(let text)): return .success([text])
    case (.text, .string(let text)): return .success([flag, text])
    case (.texts, .string(let text)): return .success([flag, text])
    case (.texts, .array(let elements)):
      var words: [String] = []
      for element in elements {
        guard case .string(let text) = element else { return .failure(wrongType("an array of strings", value)) }
        words += [flag, text]
      }
      return .success(words)
    case (.integer, .integer(let number)): return .success([flag, String(number)])
    case (.number, .integer(let number)): return .success([flag, String(number)])
    case (.number, .fraction(let lexeme)): return .success([flag, lexeme])
    case (.flag, .bool(let on)): return .success(on ? [flag] : [])
    case (.text, _), (.operand, _): return .failure(wrongType("a string", value))
    case (.texts, _): return .failure(wrongType("a string or an array of strings", value))
    case (.integer, _): return .failure(wrongType("an integer", value))
    case (.number, _): return .failure(wrongType("a number", value))
    case (.flag, _): return .failure(wrongType("true or false", value))
    }
  }

  func wrongType(_ expected: String, _ value: JSONValue) -> MCPToolInputError {
    MCPToolInputError(
      message: "arguments.\(name) is \(value.kindName); give \(expected) (\(description)).")
  }
}
