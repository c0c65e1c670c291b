import DuetPlatform

/// One coding-key type's answers, by name (read and written under ``KeyMemory``'s lock).
///
/// The names asked about so far are compared in turn (a type has a handful of keys; hashing a
/// name cost more than comparing it with each). Everything kept is of a concrete type — the
/// verdicts as `Bool`s, each accepted name's key as a ``KeyList`` object — because in this generic
/// code every use of a type built on `Key` (`Key?`, `[Key]` in an array) made the runtime look up
/// that type's metadata, which is what the table is there to save. Asking the type itself is kept
/// out of line for the same reason: inlined, its `Key?` metadata was fetched on every call.
final class KeyTable<Key: CodingKey> {
  static var capacity: Int { 64 }
  @exclusivity(unchecked) private var names: [String] = []
  /// The same names as UTF-8, for names read in place from a request's bytes.
  @exclusivity(unchecked) private var spellings: [[UInt8]] = []
  @exclusivity(unchecked) private var verdicts: [Bool] = []
  /// For each name, a `KeyList<Key>` holding `[key]`, or `[]` when the type refuses it.
  @exclusivity(unchecked) private var lists: [AnyObject] = []
  /// Pooled containers (``CompactContainerCell``): every one made and not retired, held here,
  /// and those not in use, linked (not counted).
  @exclusivity(unchecked) private var cells: [PooledCompactCell] = []
  @exclusivity(unchecked) private unowned(unsafe) var firstFree: PooledCompactCell?

  /// A free container cell, made when none is free; nil past `capacity` cells in use at once.
  func takeCell() -> CompactContainerCell<Key>? {
    if let cell = firstFree {
      firstFree = cell.next
      cell.next = nil
      // Every cell in this pool was made for this table's `Key` below.
      return unsafeDowncast(cell, to: CompactContainerCell<Key>.self)
    }
    guard cells.count < Self.capacity, let cell = CompactContainerCell(table: self) else { return nil }
    cells.append(cell)
    return cell
  }

  /// Forgets a cell whose container an app kept (``CompactContainerCell/giveBack()``).
  func retire(_ cell: PooledCompactCell) {
    if let index = cells.firstIndex(where: { $0 === cell }) { cells.remove(at: index) }
  }

  func giveBack(_ cell: PooledCompactCell) {
    cell.next = firstFree
    firstFree = cell
  }

  /// True when the type knows every member name of the object at `object`.
  func acceptsAll(_ document: CompactDocument, _ object: Int) -> Bool {
    var child = object + 1
    for _ in 0..<document.nodes[object].count {
      guard accepts(document.key(child)) else { return false }
      child = Int(document.nodes[child].next)
    }
    return true
  }

  /// True when the type knows `_0` (a sum case's single unlabelled payload).
  func acceptsUnlabelled() -> Bool {
    let name = StaticString("_0")
    return accepts(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
  }

  func accepts(_ name: String) -> Bool {
    let position = position(of: name)
    return position >= 0 ? verdicts[position] : Self.asks(name)
  }

  func single(_ name: String) -> [Key] {
    let position = position(of: name)
    // Each list at a position was made for this table's `Key` below.
    return position >= 0 ? unsafeDowncast(lists[position], to: KeyList<Key>.self).keys : Self.single(name)
  }

  func accepts(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let position = position(of: name)
    return position >= 0 ? verdicts[position] : Self.asks(String(decoding: name, as: UTF8.self))
  }

  /// The kept `KeyList<Key>` of `name` (a sum's case name: `[key]`, or `[]` when the type refuses
  /// it) and the type's verdict; nil when the table is full. The list lives as long as the table.
  func keptList(_ name: UnsafeBufferPointer<UInt8>) -> (list: AnyObject, accepted: Bool)? {
    let position = position(of: name)
    return position >= 0 ? (lists[position], verdicts[position]) : nil
  }

  /// Where `name` is kept, asking the type once; -1 when the table is full.
  private func position(of name: UnsafeBufferPointer<UInt8>) -> Int {
    for index in spellings.indices where spellings[index].count == name.count {
      let same = spellings[index].withUnsafeBufferPointer { kept in
        kept.isEmpty || memcmp(kept.baseAddress!, name.baseAddress!, kept.count) == 0
      }
      if same { return index }
    }
    return position(of: String(decoding: name, as: UTF8.self))
  }

  /// Where `name` is kept, asking the type once; -1 when the table is full.
  private func position(of name: String) -> Int {
    for index in names.indices where names[index] == name { return index }
    guard names.count < Self.capacity else { return -1 }
    let list = KeyList<Key>(Self.single(name))
    names.append(name)
    spellings.append(Array(name.utf8))
    verdicts.append(!list.keys.isEmpty)
    lists.append(list)
    return names.count - 1
  }

  @inline(never)
  static func asks(_ name: String) -> Bool { Key(stringValue: name) != nil }

  @inline(never)
  static func single(_ name: String) -> [Key] {
    guard let key = Key(stringValue: name) else { return [] }
    return [key]
  }
}
