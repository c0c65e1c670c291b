/// One value recorded by the recogniser: its key (for an object member), its compact text, and
/// links to its first child and next sibling (`-1`: none).
///
/// Offsets are 32-bit (the recogniser refuses a document of 2 GiB or more), so a node is 24 bytes:
/// the index of a recording is written and walked on the verifier's per-step path. The offsets
/// are stored properties a reader in another module reads directly (the ranges below are calls
/// from there, as nothing in this module is inlinable).
package struct PrettyIndexNode: Sendable {
  /// The key's bytes between its quotes, as offsets into the compact text; `-1` for an array
  /// element or the root.
  package var keyStart: Int32
  package var keyEnd: Int32
  /// The value's compact text, as offsets into the compact text.
  package var compactStart: Int32
  package var compactEnd: Int32
  package var firstChild: Int32
  package var nextSibling: Int32

  /// The member's key, as a range of the compact text (between the quotes; keys have no escapes);
  /// `nil` for an array element or the root.
  @inline(__always)
  package var key: Range<Int>? { keyStart >= 0 ? Int(keyStart)..<Int(keyEnd) : nil }

  /// The value's compact text, as a range of the compact text.
  @inline(__always)
  package var compact: Range<Int> { Int(compactStart)..<Int(compactEnd) }
}
