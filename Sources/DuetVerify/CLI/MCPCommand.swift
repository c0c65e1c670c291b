import DuetPlatform

/// `duet-verify mcp`: a Model Context Protocol server on standard input and output, for coding
/// agents (docs/commands.md "mcp").
///
/// Reads one JSON-RPC message per line until standard input ends, and writes each reply as one line;
/// nothing else is ever written to standard output. Tool calls start this same executable, so the
/// verbs they run are exactly the command-line ones.
enum MCPCommand {
  static func run(_ options: ParsedArguments, context: CommandContext, version: String) -> ExitCode {
    let server = MCPServer(
      executable: ownExecutable(), folder: context.folder, environment: context.environment, version: version)
    while let line = readLine(strippingNewline: true) {
      if let reply = server.reply(to: line) { context.output.line(reply) }
    }
    return .passed
  }

  /// This process's executable: /proc/self/exe on Linux, else the path it was started as.
  static func ownExecutable() -> URL {
    let link = "/proc/self/exe"
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link) {
      return URL(fileURLWithPath: target)
    }
    let first = CommandLine.arguments.first ?? Program.name
    if first.contains("/") { return URL(fileURLWithPath: first).standardizedFileURL }
    return URL(fileURLWithPath: link)
  }
}
