import DuetCore

/// One tool `duet-verify mcp` offers: a verb, the options it takes as JSON arguments, and how
/// they become that verb's command line.
///
/// The list is fixed: the verbs an agent runs while changing a Duet app (docs/commands.md "mcp").
struct MCPTool {
  var name: String
  /// The verb and any words that always follow it (`record --check`).
  var verbWords: [String]
  var description: String
  /// True when the verb answers `--json`: its result is that JSON object.
  var answersJSON: Bool
  var parameters: [MCPToolParameter]
  /// Parameters that must be given.
  var required: [String] = []

  /// Every tool, in `tools/list` order.
  static let all: [MCPTool] = [
    MCPTool(
      name: "verify", verbWords: ["verify"], description: Verb.verify.description, answersJSON: true,
      parameters: [
        manifest, .init("feature", .texts, .feature), .init("runner", .texts, .runner), .init("lane", .text, .lane),
        .init("jobs", .integer, .jobs), .init("timeout", .number, .timeout), .init("shard", .text, .shard),
        .init("allowEmptyShard", .flag, .allowEmptyShard), .init("rebuild", .flag, .rebuild),
      ]),
    MCPTool(
      name: "lint", verbWords: ["lint"], description: Verb.lint.description, answersJSON: true, parameters: [manifest]),
    MCPTool(
      name: "explain", verbWords: ["explain"], description: Verb.explain.description, answersJSON: false,
      parameters: [
        .init(operand: "target", description: "a recording, or <recording>#<step> to replay that step"), manifest,
        .init("runner", .texts, .runner), .init("lane", .text, .lane), .init("timeout", .number, .timeout),
        .init("rebuild", .flag, .rebuild),
      ]),
    MCPTool(
      name: "record_check", verbWords: ["record", "--check"],
      description: "record --check: " + Verb.record.description.components(separatedBy: "--check ").last!,
      answersJSON: true,
      parameters: [
        manifest, .init("feature", .texts, .feature), .init("chain", .text, .chain), .init("runner", .text, .runner),
        .init("jobs", .integer, .jobs), .init("timeout", .number, .timeout), .init("write", .flag, .write),
        .init("rebuild", .flag, .rebuild),
      ]),
    MCPTool(
      name: "materialize", verbWords: ["materialize"], description: Verb.materialize.description, answersJSON: false,
      parameters: [
        .init(operand: "step", description: "the recorded step to write as a test: <recording>#<step>"), manifest,
        .init("out", .text, .out), .init("module", .text, .module), .init("reducer", .text, .reducer),
      ], required: ["step"]),
    MCPTool(
      name: "coverage", verbWords: ["coverage"], description: Verb.coverage.description, answersJSON: true,
      parameters: [
        manifest, .init("feature", .texts, .feature), .init("jobs", .integer, .jobs),
        .init("timeout", .number, .timeout), .init("minLines", .integer, .minLines),
      ]),
    // Its JSON is the mutation-testing report (no `passed` member): the verdict is the exit code's.
    MCPTool(
      name: "mutate", verbWords: ["mutate"], description: Verb.mutate.description, answersJSON: true,
      parameters: [
        manifest, .init("feature", .texts, .feature), .init("since", .text, .since),
        .init("minScore", .integer, .minScore), .init("tableOnly", .flag, .tableOnly), .init("jobs", .integer, .jobs),
        .init("timeout", .number, .timeout), .init("noCache", .flag, .noCache),
      ]),
  ]

  static let manifest = MCPToolParameter("manifest", .text, .manifest)

  /// The tool named `name`.
  static func named(_ name: String) -> MCPTool? { all.first { $0.name == name } }

  /// Its entry in `tools/list`.
  var listing: JSONValue {
    var properties: [String: JSONValue] = [:]
    for parameter in parameters { properties[parameter.name] = parameter.schema }
    var schema: [String: JSONValue] = [
      "type": .string("object"), "properties": .object(properties), "additionalProperties": .bool(false),
    ]
    if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
    return .object([
      "name": .string(name), "description": .string(description.split(separator: "\n").joined(separator: " ")),
      "inputSchema": .object(schema),
    ])
  }

  /// The verb's command line for `arguments` (an object, or nil for none), `--json` added when the
  /// verb answers it; or the sentence saying which argument does not fit.
  func commandLine(_ arguments: [String: JSONValue]) -> Result<[String], MCPToolInputError> {
    let known = Set(parameters.map(\.name))
    if let unknown = arguments.keys.sorted().first(where: { !known.contains($0) }) {
      let names = parameters.map(\.name).joined(separator: ", ")
      return .failure(.init(message: "\(name) takes no argument \"\(unknown)\"; it takes: \(names)."))
    }
    if let missing = required.first(where: { arguments[$0] == nil }) {
      return .failure(
        .init(message: "\(name) needs the argument \"\(missing)\" (\(Self.describe(missing, in: self)))."))
    }
    var words = verbWords
    for parameter in parameters {
      guard let value = arguments[parameter.name], value != .null else { continue }
      switch parameter.arguments(for: value) {
      case .success(let more): words += more
      case .failure(let problem): return .failure(problem)
      }
    }
    if answersJSON { words.append("--json") }
    return .success(words)
  }

  static func describe(_ parameter: String, in tool: MCPTool) -> String {
    tool.parameters.first { $0.name == parameter }?.description ?? parameter
  }
}
