import Dispatch
import DuetCore
import DuetPlatform
import DuetRunner

/// One tool call: this same executable started with the verb's arguments, its standard output and
/// standard error captured, and the `tools/call` result built from what it printed.
///
/// A child process rather than the verb in-process: whatever the verb or a process it starts (a
/// runner, `swift build`) writes lands in a pipe, never on the server's standard output, which
/// carries only JSON-RPC replies; and a verb's signal handling and working state stay its own.
struct MCPToolRun {
  var code: Int32
  var out: String
  var error: String

  /// Runs `executable words` in `folder`; throws only when it cannot be started.
  static func run(_ executable: URL, _ words: [String], in folder: URL, environment: [String: String])
    throws(SpawnFailure) -> MCPToolRun
  {
    let process = try SpawnedProcess.spawn(
      executable: executable.path, arguments: words, workingDirectory: folder.path, environment: environment)
    closeDescriptor(process.input)
    let errorText = Drained()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errorText.text = RunnerBuilder.readAll(process.errorOutput, keepingLast: .max)
      group.leave()
    }
    let out = RunnerBuilder.readAll(process.output, keepingLast: .max)
    group.wait()
    closeDescriptor(process.output)
    closeDescriptor(process.errorOutput)
    let code: Int32
    switch process.reap(grace: 24 * 3600) {
    case .status(let status): code = status
    case .signal(let number): code = 128 + number
    }
    return MCPToolRun(code: code, out: out, error: errorText.text)
  }

  /// Standard error's text, written by the reading thread before the group is left.
  final class Drained: @unchecked Sendable {
    var text = ""
  }

  /// The `tools/call` result: the verdict line first, then the verb's JSON (or text) as printed,
  /// then its diagnostics; `structuredContent` is the JSON object. `isError` is set when the verb
  /// did not run to a verdict (a usage error, nothing to verify, a crash, output that is not JSON);
  /// a verdict of FAIL is an answer, not an error.
  func result(of tool: MCPTool) -> JSONValue {
    let verb = Program.name + " " + tool.verbWords.joined(separator: " ")
    var content: [JSONValue] = []
    var structured: JSONValue?
    var isError = false
    let diagnostics = error.trimming(.whitespacesAndNewlines)
    switch code {
    case 0: content.append(Self.text("\(verb): OK"))
    case 1: content.append(Self.text("\(verb): FAIL"))
    case 2:
      isError = true
      let first = diagnostics.split(separator: "\n").first.map(String.init) ?? "nothing to do"
      content.append(Self.text("\(verb): not run (exit 2): \(first)"))
    default:
      isError = true
      content.append(Self.text("\(verb): ended with status \(code) before a verdict; see its standard error below."))
    }
    let printed = out.trimming(.newlines)
    if tool.answersJSON, !printed.isEmpty {
      if case .object(let members)? = try? JSONParser().parse(printed) {
        structured = .object(members)
      } else if !isError {
        isError = true
        content[0] = Self.text("\(verb): printed output that is not one JSON object; it is shown below.")
      }
    } else if !tool.answersJSON {
      structured = .object(["passed": .bool(code == 0), "exitCode": .integer(Int64(code)), "output": .string(out)])
    }
    if !printed.isEmpty { content.append(Self.text(printed)) }
    if !diagnostics.isEmpty { content.append(Self.text(diagnostics)) }
    var members: [String: JSONValue] = ["content": .array(content), "isError": .bool(isError)]
    if let structured { members["structuredContent"] = structured }
    return .object(members)
  }

  static func text(_ text: String) -> JSONValue { .object(["type": .string("text"), "text": .string(text)]) }
}
