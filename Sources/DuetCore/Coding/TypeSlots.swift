/// A bounded table from types to what is kept for each, in fixed storage (pointers, so a read costs
/// no exclusivity check), found by comparing identities: a program codes a few dozen types, and
/// comparing beats hashing. ``ShapeCache`` and ``KeyMemory`` both keep one; neither locks it
/// itself: each reads and writes it under its own lock. Never freed (both live for the process).
struct TypeSlots<Value> {
  let capacity: Int
  private let types: UnsafeMutablePointer<ObjectIdentifier>
  private let values: UnsafeMutablePointer<Value>
  private let stored: UnsafeMutablePointer<Int>

  init(capacity: Int) {
    self.capacity = capacity
    types = .allocate(capacity: capacity)
    values = .allocate(capacity: capacity)
    stored = .allocate(capacity: 1)
    stored.initialize(to: 0)
  }

  /// True when no other type can be added.
  var isFull: Bool { stored.pointee >= capacity }

  /// The index of `type`'s value, or -1 when it has none.
  func index(of type: ObjectIdentifier) -> Int {
    for index in 0..<stored.pointee where types[index] == type { return index }
    return -1
  }

  subscript(index: Int) -> Value { values[index] }

  /// The value kept for `type`, or nil.
  func value(for type: ObjectIdentifier) -> Value? {
    for index in 0..<stored.pointee where types[index] == type { return values[index] }
    return nil
  }

  /// Keeps `value` for `type` (not kept yet, and the table not full) and returns its index.
  func append(_ value: Value, for type: ObjectIdentifier) -> Int {
    let index = stored.pointee
    (types + index).initialize(to: type)
    (values + index).initialize(to: value)
    stored.pointee = index + 1
    return index
  }
}
