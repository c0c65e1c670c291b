import DuetCore

/// A `reduce` request line indexed in place (``CompactDocument``): its state and action nodes.
///
/// Most request lines a verifier sends are in the dialect's compact canonical form; for those the
/// server decodes state and action straight from the line's bytes. Any other line, and any
/// request the compact decoder misses on, goes the tree way (``ReplayRequest/parse(_:)``), which
/// gives every answer and every error as before.
struct CompactRequest {
  let document: CompactDocument
  let feature: String
  let state: Int
  let action: Int

  /// The request, when `line` is a compact `reduce` with a string feature, a state and an action.
  init?(_ line: UnsafeBufferPointer<UInt8>) {
    guard let document = CompactDocument(line), document.topString("op") == "reduce",
      let feature = document.topString("feature"), let state = document.topMember("state"),
      let action = document.topMember("action")
    else { return nil }
    self.document = document
    self.feature = feature
    self.state = state
    self.action = action
  }
}
