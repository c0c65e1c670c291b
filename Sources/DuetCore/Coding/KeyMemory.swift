import DuetPlatform

/// What each coding-key type said about the key names it was asked about, kept per type.
///
/// The strict decoder asks a `CodingKey` type whether it knows every member name it meets
/// (`Key(stringValue:)`), and a sum's case name becomes the container's one key. In the generic
/// code the stdlib reaches our containers through, each such call made the runtime look up the
/// metadata of `Key?` (about 740 instructions, more than the rest of a small member's decoding),
/// several times per request. A key type's answer for a name never changes, so it is asked once
/// and kept: later requests compare names instead. Bounded: past `capacity` types, or a type's
/// `KeyTable.capacity` names, the type is asked every time, as before.
final class KeyMemory: @unchecked Sendable {
  static let shared = KeyMemory()
  static let capacity = 256
  private let lock = SystemLock()
  /// Each type's `KeyTable<Key>`, made on first use.
  private let tables = TypeSlots<AnyObject>(capacity: capacity)

  private init() {}

  /// True when `Key(stringValue: name)` is not nil.
  func accepts<Key: CodingKey>(_ name: String, as type: Key.Type) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    let index = slot(for: type)
    guard index >= 0 else { return KeyTable<Key>.asks(name) }
    // The table at this index was made for exactly this type (no optional of a generic type here:
    // its metadata is what this memory saves).
    return unsafeDowncast(tables[index], to: KeyTable<Key>.self).accepts(name)
  }

  /// `[Key(stringValue: name)]`, or `[]` when the type refuses `name`: a sum container's `allKeys`.
  func single<Key: CodingKey>(_ name: String, as type: Key.Type) -> [Key] {
    lock.lock()
    defer { lock.unlock() }
    let index = slot(for: type)
    guard index >= 0 else { return KeyTable<Key>.single(name) }
    return unsafeDowncast(tables[index], to: KeyTable<Key>.self).single(name)
  }

  /// ``accepts(_:as:)`` for a name read in place from a request's bytes.
  func accepts<Key: CodingKey>(_ name: UnsafeBufferPointer<UInt8>, as type: Key.Type) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    let index = slot(for: type)
    guard index >= 0 else { return KeyTable<Key>.asks(String(decoding: name, as: UTF8.self)) }
    return unsafeDowncast(tables[index], to: KeyTable<Key>.self).accepts(name)
  }

  /// The outer container of the sum whose envelope is at `envelope` (``CompactCursor/caseNode``),
  /// taken from the pool as ``objectContainer(_:_:as:)``'s are; a miss unless the envelope holds
  /// `case`, a name `type` knows, and at most `value` (``SumCaseContainer``'s rules).
  func sumContainer<Key: CodingKey>(
    _ document: CompactDocument, _ envelope: Int, as type: Key.Type
  ) throws -> KeyedDecodingContainer<Key> {
    let node = document.nodes[envelope]
    // Keys are in byte order: `case`, then `value` when there is one.
    guard node.kind == .object, node.count == 1 || node.count == 2,
      document.member("case", of: envelope) == envelope + 1,
      let name = document.stringBytes(envelope + 1)
    else { throw CompactDecoding.miss(document) }
    let payload = node.count == 2 ? Int(document.nodes[envelope + 1].next) : -1
    if payload >= 0, document.member("value", of: envelope) != payload { throw CompactDecoding.miss(document) }
    lock.lock()
    let index = slot(for: type)
    guard index >= 0, let kept = unsafeDowncast(tables[index], to: KeyTable<Key>.self).keptList(name) else {
      // No table keeps the name: the type is asked, and the container made for this value alone.
      lock.unlock()
      let keys = KeyTable<Key>.single(String(decoding: name, as: UTF8.self))
      guard keys.count > 0 else { throw CompactDecoding.miss(document) }
      return KeyedDecodingContainer(
        CompactObjectContainer<Key>(
          cursor: CompactCursor(document: document, payload: payload, caseNode: envelope + 1, caseKeys: KeyList(keys))))
    }
    guard kept.accepted else {
      lock.unlock()
      throw CompactDecoding.miss(document)
    }
    let cell = unsafeDowncast(tables[index], to: KeyTable<Key>.self).takeCell()
    lock.unlock()
    guard let cell else {
      return KeyedDecodingContainer(
        CompactObjectContainer<Key>(
          cursor: CompactCursor(document: document, payload: payload, caseNode: envelope + 1, caseKeys: kept.list)))
    }
    return document.take(
      cell, object: CompactCursor.emptyObject, payload: payload, caseNode: envelope + 1, caseKeys: kept.list)
  }

  /// A container of `type` for the object at `object` (``CompactContainerCell``, taken until the
  /// document's decoding ends); a miss when it is not an object or has a member `type` refuses.
  func objectContainer<Key: CodingKey>(
    _ document: CompactDocument, _ object: Int, as type: Key.Type
  ) throws -> KeyedDecodingContainer<Key> {
    guard document.nodes[object].kind == .object else { throw CompactDecoding.miss(document) }
    lock.lock()
    let index = slot(for: type)
    guard index >= 0 else {
      lock.unlock()
      return KeyedDecodingContainer(try CompactObjectContainer<Key>(document: document, object: object))
    }
    let table = unsafeDowncast(tables[index], to: KeyTable<Key>.self)
    guard table.acceptsAll(document, object) else {
      lock.unlock()
      throw CompactDecoding.miss(document)
    }
    let cell = table.takeCell()
    lock.unlock()
    guard let cell else {
      return KeyedDecodingContainer(try CompactObjectContainer<Key>(document: document, object: object))
    }
    return document.take(cell, object: object, payload: -1)
  }

  /// The container of a sum case's payload (`payload` is the envelope's `value`, -1 when absent):
  /// the virtual `_0` object when `type` has that key, an empty object when there is no payload,
  /// else the payload's object (a miss when it is none, or has a member `type` refuses).
  func payloadContainer<Key: CodingKey>(
    _ document: CompactDocument, _ payload: Int, as type: Key.Type
  ) throws -> KeyedDecodingContainer<Key> {
    lock.lock()
    let index = slot(for: type)
    guard index >= 0 else {
      lock.unlock()
      if KeyTable<Key>.asks("_0") {
        return KeyedDecodingContainer(
          CompactObjectContainer<Key>(
            cursor: CompactCursor(document: document, object: CompactCursor.unlabelledObject, payload: payload)))
      }
      guard payload >= 0 else {
        return KeyedDecodingContainer(
          CompactObjectContainer<Key>(
            cursor: CompactCursor(document: document, object: CompactCursor.emptyObject, payload: -1)))
      }
      return KeyedDecodingContainer(try CompactObjectContainer<Key>(document: document, object: payload))
    }
    let table = unsafeDowncast(tables[index], to: KeyTable<Key>.self)
    var object: Int
    var payloadNode = -1
    if table.acceptsUnlabelled() {
      object = CompactCursor.unlabelledObject
      payloadNode = payload
    } else if payload < 0 {
      object = CompactCursor.emptyObject
    } else {
      guard document.nodes[payload].kind == .object, table.acceptsAll(document, payload) else {
        lock.unlock()
        throw CompactDecoding.miss(document)
      }
      object = payload
    }
    let cell = table.takeCell()
    lock.unlock()
    guard let cell else {
      return KeyedDecodingContainer(
        CompactObjectContainer<Key>(cursor: CompactCursor(document: document, object: object, payload: payloadNode)))
    }
    return document.take(cell, object: object, payload: payloadNode)
  }

  /// Gives back every cell in the list starting at `first` (under the lock: the pools are shared
  /// by every thread decoding).
  func giveBack(from first: PooledCompactCell) {
    lock.lock()
    defer { lock.unlock() }
    var cell: PooledCompactCell? = first
    while let current = cell {
      cell = current.next
      current.next = nil
      current.giveBack()
    }
  }

  /// The index of the table of `type`, made on first use; -1 when the memory is full. Called under
  /// the lock.
  private func slot<Key: CodingKey>(for type: Key.Type) -> Int {
    let identity = ObjectIdentifier(type)
    let index = tables.index(of: identity)
    guard index < 0, !tables.isFull else { return index }
    return tables.append(KeyTable<Key>(), for: identity)
  }
}
