/// Where a ``CompactObjectContainer`` reads: the document and the object's node (or the sum
/// payload it stands for). A pooled container's cursor is pointed at each value it serves.
final class CompactCursor {
  /// `object` for a sum case's single unlabelled payload (the virtual object `{"_0": payload}`).
  static var unlabelledObject: Int { -1 }
  /// `object` for an object without members (a case without a payload; a cell given back).
  static var emptyObject: Int { -2 }

  @exclusivity(unchecked) var document: CompactDocument?
  @exclusivity(unchecked) var object: Int
  @exclusivity(unchecked) var payload: Int

  init(document: CompactDocument?, object: Int, payload: Int) {
    self.document = document
    self.object = object
    self.payload = payload
  }
}

/// A pooled container cell with its links: in its key type's free list, or in the list of cells
/// a document's decoding has taken.
class PooledCompactCell {
  @exclusivity(unchecked) var next: PooledCompactCell?

  /// Returns the cell to its key type's pool (called under ``KeyMemory``'s lock).
  func giveBack() {}
}

/// One keyed container of a coding-key type, made once and pointed at value after value.
///
/// Each `KeyedDecodingContainer` a decoder hands out wraps its container in a box the stdlib
/// allocates, and the box's and the container's generic metadata are looked up by the runtime at
/// every value (with a witness table): about 1,400 instructions a container, two or three per
/// counter request. A cell keeps one such container; a value's `init(from:)` takes a free cell of
/// its key type, and every cell a decoding took is free again when it ends
/// (``CompactDecoding/decoded(_:from:at:)``), so values of the same key type nested in one another
/// never share one. A container a type keeps past its decoding reads nothing once its cell is
/// given back (it is pointed at ``CompactDocument/none``, an empty object: every key is missing,
/// and the request's index is free to be read into again), until the cell is taken
/// again: keeping a container past `init(from:)` is not something `Codable` code does.
final class CompactContainerCell<Key: CodingKey>: PooledCompactCell {
  let cursor: CompactCursor
  let container: KeyedDecodingContainer<Key>
  unowned(unsafe) let table: KeyTable<Key>

  init(table: KeyTable<Key>) {
    let cursor = CompactCursor(document: nil, object: 0, payload: -1)
    self.cursor = cursor
    container = KeyedDecodingContainer(CompactObjectContainer<Key>(cursor: cursor))
    self.table = table
  }

  override func giveBack() {
    cursor.document = CompactDocument.none
    cursor.object = CompactCursor.emptyObject
    cursor.payload = -1
    table.giveBack(self)
  }
}
