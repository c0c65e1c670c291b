import DuetPlatform

/// Decodes typed values straight from a ``CompactDocument``'s index, with the tree decoder's rules.
///
/// It answers exactly as ``CanonicalDecoder`` would on the same values, or not at all: whatever
/// would be an error there (a mismatched kind, an unknown or missing key, a number out of range,
/// an unknown case), and the few shapes it leaves to the tree decoder (dictionaries, sets, a
/// super-decoder, a `nil` the type asks for in a sum's payload), is a ``CompactMiss``. The caller
/// then decodes the same request with the tree decoder, which gives the value or the error it
/// always gave.
package enum CompactDecoding {
  /// The value of type `T` at `node`, or nil when the compact decoder missed anywhere on the way.
  /// `root` names the value (`state`, `action`) as the tree decoder's errors do; the compact
  /// decoder words no error and carries no path (a type that reads `codingPath` is a miss).
  package static func decode<T: Decodable>(
    _ type: T.Type, from document: CompactDocument, at node: Int, root: String
  ) -> T? {
    try? decoded(type, from: document, at: node)
  }

  /// ``decode(_:from:at:root:)`` with the miss thrown: no `T?` is made, whose metadata the
  /// runtime looks up at every call in the runner's generic code.
  package static func decoded<T: Decodable>(
    _ type: T.Type, from document: CompactDocument, at node: Int
  ) throws(CompactMiss) -> T {
    document.missed = false
    defer {
      document.releaseCells()
      document.closeKeptDecoders()
    }
    let value: T
    do {
      value = try unbox(type, document, node)
    } catch {
      throw CompactMiss()
    }
    guard !document.missed else { throw CompactMiss() }
    return value
  }

  /// Sets the document's miss and returns the error to throw.
  static func miss(_ document: CompactDocument) -> CompactMiss {
    document.missed = true
    return CompactMiss()
  }

  static func unbox<T: Decodable>(_ type: T.Type, _ document: CompactDocument, _ node: Int)
    throws -> T
  {
    let value = document.nodes[node]
    if T.self == String.self {
      guard value.kind == .string else { throw miss(document) }
      return unsafeBitCast(document.string(node), to: T.self)
    }
    if T.self == Int.self { return unsafeBitCast(try integer(Int.self, document, node), to: T.self) }
    if T.self == Int64.self { return unsafeBitCast(try integer(Int64.self, document, node), to: T.self) }
    if T.self == Bool.self { return unsafeBitCast(try bool(document, node), to: T.self) }
    if T.self == Date.self {
      guard value.kind == .string, let date = CanonicalDate.parse(document.string(node)) else { throw miss(document) }
      return date as! T
    }
    if T.self == UUID.self {
      guard value.kind == .string, let uuid = UUID(uuidString: document.string(node)) else { throw miss(document) }
      return uuid as! T
    }
    if T.self == CanonicalDouble.self {
      guard value.kind == .integer else { throw miss(document) }
      return CanonicalDouble(Double(value.integer))! as! T
    }
    if T.self == Double.self || T.self == Float.self { throw miss(document) }
    let shape = CodingShape.of(T.self)
    // Dictionaries and sets keep the tree decoder's rules (and its messages) to themselves.
    if shape.decodingCollection != nil { throw miss(document) }
    let decoder = document.decoder(node: node, isSum: shape.isSum)
    defer { document.endValue() }
    return try T(from: decoder)
  }

  static func bool(_ document: CompactDocument, _ node: Int) throws -> Bool {
    switch document.nodes[node].kind {
    case .true: return true
    case .false: return false
    default: throw miss(document)
    }
  }

  /// The integer at `node` when `N` holds it exactly. Checked by converting there and back rather
  /// than with `N(exactly:)`, whose `N?` is a runtime metadata look-up in this generic body.
  static func integer<N: FixedWidthInteger>(_ type: N.Type, _ document: CompactDocument, _ node: Int) throws -> N {
    let value = document.nodes[node]
    guard value.kind == .integer else { throw miss(document) }
    let exact = N(truncatingIfNeeded: value.integer)
    guard Int64(truncatingIfNeeded: exact) == value.integer, (exact < 0) == (value.integer < 0) else {
      throw miss(document)
    }
    return exact
  }
}
