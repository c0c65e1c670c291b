import DuetCore

/// What every `CompactMember` of one proven document reads: its index, its compact text, and
/// the array that text lives in (when the reader hands it over, a text is then a slice of it).
///
/// It is held once per read and members point at it, so a member is two words (this view and a
/// node number) instead of carrying the three buffers itself: a step's members table, its
/// elements array and every member passed to the shared shape rules are copied per step, and at
/// eight words a member those copies were a large part of reading a recording
/// (docs/performance.md).
struct CompactDocumentView {
  let nodes: UnsafeBufferPointer<PrettyIndexNode>
  let compact: UnsafeBufferPointer<UInt8>
  let shared: UnsafePointer<[UInt8]>?

  init(
    nodes: UnsafeBufferPointer<PrettyIndexNode>, compact: UnsafeBufferPointer<UInt8>,
    shared: UnsafePointer<[UInt8]>? = nil
  ) {
    self.nodes = nodes
    self.compact = compact
    self.shared = shared
  }

  /// Calls `body` with the document's root as a member; members live only within `body`, for
  /// which the pointer every member holds to this view stays valid (no allocation per document).
  func withRoot<Result>(_ body: (CompactMember) throws -> Result) rethrows -> Result {
    try withUnsafePointer(to: self) { view in try body(CompactMember(0, in: view)) }
  }
}
