/// One value recorded by the recogniser: its key (for an object member), its compact text, and
/// links to its first child and next sibling (`-1`: none).
package struct PrettyIndexNode: Sendable {
  /// The member's key, as a range of the compact text (between the quotes; keys have no escapes).
  package var key: Range<Int>?
  /// The value's compact text, as a range of the compact text.
  package var compact: Range<Int>
  package var firstChild: Int
  package var nextSibling: Int
}
