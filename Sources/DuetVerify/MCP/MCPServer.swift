import DuetCore
import DuetPlatform

/// The JSON-RPC 2.0 side of `duet-verify mcp`: one request line in, at most one reply line out.
///
/// Requests are answered one at a time, in order. A notification (no `id`) is never answered, even
/// when it is wrong; a batch (a JSON array) is refused with -32600, as the protocol has no batches
/// since its 2025-06-18 revision. Replies are one line each (docs/commands.md "mcp").
struct MCPServer {
  /// The protocol revisions this server speaks, newest first; a client asking for another gets the newest.
  static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

  /// The executable a tool call starts (this one: /proc/self/exe).
  var executable: URL
  /// Where tool calls run: relative paths in their arguments start here.
  var folder: URL
  var environment: [String: String]
  /// The version `initialize` names in serverInfo.
  var version: String

  /// The reply to `line`, or nil when there is none (a notification, a response, a blank line).
  func reply(to line: String) -> String? {
    if line.allSatisfy(\.isWhitespace) { return nil }
    let message: JSONValue
    do {
      message = try JSONParser().parse(line)
    } catch {
      return Self.errorReply(
        id: .null, .parse("the line is not JSON (\(error.description)); send one JSON-RPC message per line."))
    }
    guard case .object(let members) = message else {
      if case .array = message {
        return Self.errorReply(
          id: .null, .invalidRequest("batches are not supported: send each request as its own line."))
      }
      return Self.errorReply(
        id: .null, .invalidRequest("a request is a JSON object; this line is \(message.kindName)."))
    }
    let id = members["id"]
    if let id, !Self.isValidID(id) {
      return Self.errorReply(id: .null, .invalidRequest("\"id\" is \(id.kindName); give a string or an integer."))
    }
    guard let method = members["method"]?.stringValue else {
      // A response from the client (this server sends no requests) or a message without a method.
      if members["result"] != nil || members["error"] != nil { return nil }
      return id.map { Self.errorReply(id: $0, .invalidRequest("the request has no \"method\" string.")) }
    }
    guard members["jsonrpc"] == .string("2.0") else {
      return id.map { Self.errorReply(id: $0, .invalidRequest("\"jsonrpc\" must be \"2.0\".")) }
    }
    let params = members["params"]
    guard let id else { return nil }  // a notification: notifications/initialized, cancelled, … need no answer
    switch answer(method, params) {
    case .success(let result): return JSONText.line(.object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
    case .failure(let error): return Self.errorReply(id: id, error)
    }
  }

  /// The result of `method`, or the protocol error it answers.
  func answer(_ method: String, _ params: JSONValue?) -> Result<JSONValue, JSONRPCError> {
    if let params, params.objectValue == nil, params != .null {
      return .failure(.invalidParams("\"params\" of \(method) is \(params.kindName); give an object."))
    }
    let members = params?.objectValue ?? [:]
    switch method {
    case "initialize":
      guard let asked = members["protocolVersion"]?.stringValue else {
        return .failure(.invalidParams("initialize needs params.protocolVersion, a string such as \"2025-06-18\"."))
      }
      let agreed = Self.protocolVersions.contains(asked) ? asked : Self.protocolVersions[0]
      return .success(
        .object([
          "protocolVersion": .string(agreed), "capabilities": .object(["tools": .object([:])]),
          "serverInfo": .object(["name": .string(Program.name), "version": .string(version)]),
        ]))
    case "ping": return .success(.object([:]))
    case "tools/list": return .success(.object(["tools": .array(MCPTool.all.map(\.listing))]))
    case "tools/call": return call(members)
    default:
      let known = ["initialize", "ping", "tools/list", "tools/call"].joined(separator: ", ")
      return .failure(.methodNotFound("there is no method \"\(method)\"; this server answers \(known)."))
    }
  }

  /// `tools/call`: the tool's verb run to its verdict.
  func call(_ params: [String: JSONValue]) -> Result<JSONValue, JSONRPCError> {
    let names = MCPTool.all.map(\.name).joined(separator: ", ")
    guard let name = params["name"]?.stringValue else {
      return .failure(.invalidParams("tools/call needs params.name, one of: \(names)."))
    }
    guard let tool = MCPTool.named(name) else {
      return .failure(.invalidParams("there is no tool \"\(name)\"; the tools are: \(names)."))
    }
    let arguments = params["arguments"] ?? .object([:])
    guard let given = arguments == .null ? [:] : arguments.objectValue else {
      return .failure(.invalidParams("params.arguments of \(name) is \(arguments.kindName); give an object."))
    }
    let words: [String]
    switch tool.commandLine(given) {
    case .success(let line): words = line
    case .failure(let problem):
      return .success(.object(["content": .array([MCPToolRun.text(problem.message)]), "isError": .bool(true)]))
    }
    do {
      return .success(try MCPToolRun.run(executable, words, in: folder, environment: environment).result(of: tool))
    } catch {
      return .failure(
        .internalError(
          "could not start \(executable.path) for \(name) (\(error)); reinstall \(Program.name)."))
    }
  }

  static func isValidID(_ id: JSONValue) -> Bool {
    switch id {
    case .string, .integer, .largeInteger: return true
    default: return false
    }
  }

  static func errorReply(id: JSONValue, _ error: JSONRPCError) -> String {
    JSONText.line(.object(["jsonrpc": .string("2.0"), "id": id, "error": error.value]))
  }
}
