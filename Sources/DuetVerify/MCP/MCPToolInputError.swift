/// A tool's arguments that do not fit its input schema: reported as a tool result with
/// `isError: true` (the agent reads the sentence and calls again), not as a protocol error.
struct MCPToolInputError: Error, Equatable {
  var message: String
}
