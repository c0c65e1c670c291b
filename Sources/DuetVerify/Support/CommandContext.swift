#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What every verb gets: where to write, the environment, and the folder it was run from.
struct CommandContext {
  var output: CommandOutput
  var environment: [String: String]
  var folder: URL
}
