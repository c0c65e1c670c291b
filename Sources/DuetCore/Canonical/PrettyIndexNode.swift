/// One value recorded by the recogniser: its key (for an object member), its compact text, and
/// links to its first child and next sibling.
struct PrettyIndexNode: Sendable {
  /// The member's key, as a range of the compact text (between the quotes; keys have no escapes).
  var key: Range<Int>?
  /// The value's compact text, as a range of the compact text.
  var compact: Range<Int>
  var firstChild: Int
  var nextSibling: Int
}
