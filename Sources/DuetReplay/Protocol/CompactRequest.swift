import DuetCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `reduce` request line indexed in place (``CompactDocument``): its state and action nodes.
///
/// Most request lines a verifier sends are in the dialect's compact canonical form; for those the
/// server decodes state and action straight from the line's bytes. Any other line, and any
/// request the compact decoder misses on, goes the tree way (``ReplayRequest/parse(_:)``), which
/// gives every answer and every error as before.
struct CompactRequest {
  let document: CompactDocument
  /// The feature's name, as bytes of the document (valid while `document` is).
  let feature: UnsafeBufferPointer<UInt8>
  let state: Int
  let action: Int

  /// The request, when `line` is a compact `reduce` with a string feature, a state and an action.
  ///
  /// The envelope's members are read in one pass over the top level, their keys compared as bytes
  /// (no `String` made for a key, the op or the feature): extra keys are ignored, as the tree
  /// reading ignores them.
  init?(_ line: UnsafeBufferPointer<UInt8>, reusing spare: inout CompactDocument?) {
    // The spare is read into again when nothing else holds it (a type may keep a decoder).
    let document: CompactDocument
    if isKnownUniquelyReferenced(&spare), let kept = spare {
      guard kept.reindex(line) else { return nil }
      document = kept
    } else {
      guard let fresh = CompactDocument(line) else { return nil }
      spare = fresh
      document = fresh
    }
    var op: UnsafeBufferPointer<UInt8>? = nil
    var feature: UnsafeBufferPointer<UInt8>? = nil
    var state = -1
    var action = -1
    document.forEachTopMember { key, node in
      if Self.equals(key, "action") {
        action = node
      } else if Self.equals(key, "feature") {
        feature = document.stringBytes(node)
      } else if Self.equals(key, "op") {
        op = document.stringBytes(node)
      } else if Self.equals(key, "state") {
        state = node
      }
    }
    guard let op, Self.equals(op, "reduce"), let feature, state >= 0, action >= 0 else { return nil }
    self.document = document
    self.feature = feature
    self.state = state
    self.action = action
  }

  /// True when `bytes` spell `text`.
  static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
    bytes.count == text.utf8CodeUnitCount
      && (bytes.count == 0 || memcmp(bytes.baseAddress!, text.utf8Start, bytes.count) == 0)
  }
}
