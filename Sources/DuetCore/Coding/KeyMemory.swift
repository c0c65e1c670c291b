import Foundation

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
  private let lock = NSLock()
  private let types = UnsafeMutablePointer<ObjectIdentifier>.allocate(capacity: capacity)
  private let tables = UnsafeMutablePointer<AnyObject>.allocate(capacity: capacity)
  private let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)

  private init() { count.initialize(to: 0) }

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

  /// ``single(_:as:)`` for a name read in place from a request's bytes.
  func single<Key: CodingKey>(_ name: UnsafeBufferPointer<UInt8>, as type: Key.Type) -> [Key] {
    lock.lock()
    defer { lock.unlock() }
    let index = slot(for: type)
    guard index >= 0 else { return KeyTable<Key>.single(String(decoding: name, as: UTF8.self)) }
    return unsafeDowncast(tables[index], to: KeyTable<Key>.self).single(name)
  }

  /// The index of the table of `type`, made on first use; -1 when the memory is full. Called under
  /// the lock.
  private func slot<Key: CodingKey>(for type: Key.Type) -> Int {
    let identity = ObjectIdentifier(type)
    let stored = count.pointee
    for index in 0..<stored where types[index] == identity { return index }
    guard stored < Self.capacity else { return -1 }
    (types + stored).initialize(to: identity)
    (tables + stored).initialize(to: KeyTable<Key>())
    count.pointee = stored + 1
    return stored
  }
}
