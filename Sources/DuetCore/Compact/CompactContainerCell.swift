/// Where a ``CompactObjectContainer`` reads: the document and the object's node (or the sum
/// payload it stands for), or a sum's envelope. A pooled container's cursor is pointed at each
/// value it serves.
final class CompactCursor {
  /// `object` for a sum case's single unlabelled payload (the virtual object `{"_0": payload}`).
  static var unlabelledObject: Int { -1 }
  /// `object` for an object without members (a case without a payload; a cell given back).
  static var emptyObject: Int { -2 }
  /// `object` of a container an app kept past its decoding (``CompactContainerCell/giveBack()``):
  /// every read fails with ``keptPastItsDecoding``.
  static var staleObject: Int { -3 }

  /// What a kept container's reads throw: a sentence for the app's author, not a miss (the tree
  /// decoder, reading the same value again through the app's `init(from:)`, meets it too and
  /// reports it).
  static var keptPastItsDecoding: DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: [],
        debugDescription:
          "a KeyedDecodingContainer was kept past the init(from:) that received it and read later; a container reads only while its own value is decoded: read every member inside init(from:)"
      ))
  }

  /// Not counted: a pooled cursor points at a document only while a decoding of it runs (the
  /// decoding's caller holds it), and at ``CompactDocument/none``, which is never freed, the rest
  /// of the time; a cursor made for one value holds its document in `owner`.
  @exclusivity(unchecked) unowned(unsafe) var document: CompactDocument
  private let owner: CompactDocument?
  @exclusivity(unchecked) var object: Int
  @exclusivity(unchecked) var payload: Int
  /// For a sum's envelope (the container its synthesized `init(from:)` asks for first): the
  /// `case` member's node, and its name's key as a `KeyList<Key>` of the container's `Key` (the
  /// container's `allKeys`); -1 for an object. `object` is then ``emptyObject`` and `payload` the
  /// envelope's `value` (-1 when absent).
  @exclusivity(unchecked) var caseNode = -1
  @exclusivity(unchecked) var caseKeys: AnyObject?

  /// A cursor of one value's container, holding `document`.
  init(document: CompactDocument, object: Int, payload: Int) {
    self.document = document
    owner = document
    self.object = object
    self.payload = payload
  }

  /// A cursor of one sum envelope's container, holding `document`.
  init(document: CompactDocument, payload: Int, caseNode: Int, caseKeys: AnyObject) {
    self.document = document
    owner = document
    object = CompactCursor.emptyObject
    self.payload = payload
    self.caseNode = caseNode
    self.caseKeys = caseKeys
  }

  /// A pooled container's cursor, pointed at ``CompactDocument/none`` until a value takes it.
  init() {
    document = CompactDocument.none
    owner = nil
    object = CompactCursor.emptyObject
    payload = -1
  }
}

/// A pooled container cell with its links: in its key type's free list, or in the list of cells
/// a document's decoding has taken.
///
/// The links are not counted: every cell is held by its key type's table (``KeyTable``) from the
/// moment it is made until it is retired.
class PooledCompactCell {
  @exclusivity(unchecked) unowned(unsafe) var next: PooledCompactCell?

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
/// never share one.
///
/// A container an app's `init(from:)` kept past its decoding (no `Codable` code does) must never
/// read a later decoding's value through the cell it came from. The cell holds the container's
/// box alone (a `KeyedDecodingContainer` is that one reference), so when it is given back a copy
/// held anywhere else shows as a second reference: the cell's cursor is then retired for good
/// (every read through the kept copy throws ``CompactCursor/keptPastItsDecoding``) and the cell
/// leaves the pool instead of going back to it.
final class CompactContainerCell<Key: CodingKey>: PooledCompactCell {
  let cursor: CompactCursor
  /// The container's box: the one reference a `KeyedDecodingContainer<Key>` is made of.
  @exclusivity(unchecked) private var box: AnyObject
  unowned(unsafe) let table: KeyTable<Key>
  /// Copies ``box`` out as the container (``ContainerCopier``).
  private let copyOut: (AnyObject) -> KeyedDecodingContainer<Key>

  /// Nil where a `KeyedDecodingContainer` is not one reference (a standard library laid out
  /// otherwise): the caller then makes a container per value, unpooled.
  init?(table: KeyTable<Key>) {
    guard MemoryLayout<KeyedDecodingContainer<Key>>.size == MemoryLayout<AnyObject>.size else { return nil }
    let cursor = CompactCursor()
    self.cursor = cursor
    box = unsafeBitCast(KeyedDecodingContainer(CompactObjectContainer<Key>(cursor: cursor)), to: AnyObject.self)
    self.table = table
    copyOut = ContainerCopier.copying(KeyedDecodingContainer<Key>.self)
  }

  /// The pooled container, reading through ``cursor``.
  var container: KeyedDecodingContainer<Key> { copyOut(box) }

  override func giveBack() {
    if !isKnownUniquelyReferenced(&box) {
      // A copy of the container outlived its decoding: it keeps this cursor, retired, and the
      // cell leaves the pool (its table makes a new one when it needs one).
      cursor.document = CompactDocument.none
      cursor.object = CompactCursor.staleObject
      cursor.payload = -1
      cursor.caseNode = -1
      table.retire(self)
      return
    }
    cursor.document = CompactDocument.none
    cursor.object = CompactCursor.emptyObject
    cursor.payload = -1
    cursor.caseNode = -1
    table.giveBack(self)
  }
}
