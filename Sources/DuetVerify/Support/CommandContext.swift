import DuetPlatform

/// What every verb gets: where to write, the environment, and the folder it was run from.
struct CommandContext {
  var output: CommandOutput
  var environment: [String: String]
  var folder: URL
}
