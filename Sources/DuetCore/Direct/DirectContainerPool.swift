/// Where a ``DirectKeyedContainer`` writes: the writer, the container's frame and its value's
/// depth. A pooled container's cursor is pointed at each frame it serves.
final class DirectCursor {
  let writer: DirectWriter
  @exclusivity(unchecked) var frame: Int
  @exclusivity(unchecked) var depth: Int

  init(writer: DirectWriter, frame: Int, depth: Int) {
    self.writer = writer
    self.frame = frame
    self.depth = depth
  }
}

/// A pooled keyed container with its link: in its key type's free list in the writer, or in the
/// list of cells taken by the values being written. The links are not counted: the writer holds
/// every cell (``DirectWriter/cells``) from the moment it is made until it is retired.
class DirectPooledCell {
  /// The writer's pool (one per coding-key type) the cell belongs to.
  let pool: Int
  @exclusivity(unchecked) unowned(unsafe) var next: DirectPooledCell?

  init(pool: Int) { self.pool = pool }

  /// True when the cell can serve again; false when a copy of its container outlived its value
  /// (the cell is then retired).
  func giveBack() -> Bool { true }
}

/// One `KeyedEncodingContainer` of a coding-key type, made once per writer and pointed at frame
/// after frame.
///
/// Each `KeyedEncodingContainer` the encoder hands out wraps its container in a box the stdlib
/// allocates, and the runtime looked up the box's and our container's generic metadata and a
/// witness table for it, at every value encoded: about 1,300 instructions a container, one or two
/// per counter request. A cell keeps one such container; the writer hands out a free cell of the
/// key type and takes back every cell a value took when its `encode(to:)` returns
/// (``DirectWriter/giveBackCells(to:)``), so containers of values nested in one another never
/// share one.
///
/// A container an app's `encode(to:)` kept past its value must never write into a later value
/// through the cell it came from. The cell holds the container's box alone (a
/// `KeyedEncodingContainer` is that one reference), so when it is given back a copy held anywhere
/// else shows as a second reference: the cursor is then pointed at frame 0, which is never open,
/// so every write through the kept copy is a miss (as a kept container's writes always were), and
/// the cell leaves the pool.
final class DirectContainerCell<Key: CodingKey>: DirectPooledCell {
  let cursor: DirectCursor
  /// The container's box: the one reference a `KeyedEncodingContainer<Key>` is made of.
  @exclusivity(unchecked) private var box: AnyObject
  /// Copies ``box`` out as the container (``ContainerCopier``).
  private let copyOut: (AnyObject) -> KeyedEncodingContainer<Key>

  /// Nil where a `KeyedEncodingContainer` is not one reference (a standard library laid out
  /// otherwise): the writer then makes a container per value, unpooled.
  init?(writer: DirectWriter, pool: Int) {
    guard MemoryLayout<KeyedEncodingContainer<Key>>.size == MemoryLayout<AnyObject>.size else { return nil }
    let cursor = DirectCursor(writer: writer, frame: 0, depth: 0)
    self.cursor = cursor
    box = unsafeBitCast(KeyedEncodingContainer(DirectKeyedContainer<Key>(cursor: cursor)), to: AnyObject.self)
    copyOut = ContainerCopier.copying(KeyedEncodingContainer<Key>.self)
    super.init(pool: pool)
  }

  /// The pooled container, writing through ``cursor``.
  var container: KeyedEncodingContainer<Key> { copyOut(box) }

  override func giveBack() -> Bool {
    guard isKnownUniquelyReferenced(&box) else {
      cursor.frame = 0
      return false
    }
    return true
  }
}

extension DirectWriter {
  /// Past this many cells in use or kept free at once (values nested that deep), containers are
  /// made per value, unpooled.
  static var cellCapacity: Int { 256 }

  /// A keyed container of `type` writing into `frame` for the value at `depth`: a free pooled
  /// one, taken until the value being written returns.
  func keyedContainer<Key: CodingKey>(_ type: Key.Type, frame: Int, depth: Int) -> KeyedEncodingContainer<Key> {
    let identity = ObjectIdentifier(type)
    var pool = 0
    while pool < poolTypes.count, poolTypes[pool] != identity { pool += 1 }
    if pool == poolTypes.count {
      poolTypes.append(identity)
      poolFree.append(nil)
    }
    let cell: DirectContainerCell<Key>
    if let free = poolFree[pool] {
      poolFree[pool] = free.takeUnretainedValue().next.map(Unmanaged.passUnretained)
      // Every cell in this pool was made for this pool's `Key` below.
      cell = unsafeDowncast(free.takeUnretainedValue(), to: DirectContainerCell<Key>.self)
    } else {
      guard cells.count < Self.cellCapacity, let made = DirectContainerCell<Key>(writer: self, pool: pool) else {
        return KeyedEncodingContainer(
          DirectKeyedContainer<Key>(cursor: DirectCursor(writer: self, frame: frame, depth: depth)))
      }
      cells.append(made)
      cell = made
    }
    cell.cursor.frame = frame
    cell.cursor.depth = depth
    cell.next = firstTaken
    firstTaken = cell
    takenCount += 1
    return cell.container
  }

  /// Gives back the cells taken since `mark` (``takenCount`` then): to their pools, or retired
  /// when a copy of their container is still held.
  func giveBackCells(to mark: Int) {
    while takenCount > mark, let cell = firstTaken {
      firstTaken = cell.next
      takenCount -= 1
      if cell.giveBack() {
        cell.next = poolFree[cell.pool]?.takeUnretainedValue()
        poolFree[cell.pool] = Unmanaged.passUnretained(cell)
      } else {
        cell.next = nil
        if let index = cells.firstIndex(where: { $0 === cell }) { cells.remove(at: index) }
      }
    }
  }
}
