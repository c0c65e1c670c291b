import DuetPlatform

/// What the canonical coders need to know of a type beyond its identity: whether it is an array or
/// dictionary (coded by the dialect's own rules) and whether it is a sum (a `case`/`value`
/// envelope), looked up once per type.
///
/// Asking the runtime at every value cost two protocol-conformance searches and an optional
/// metatype's metadata per struct or enum coded: about a tenth of a tiny `reduce` request. The
/// answers never change for a type, so they are kept, per type, behind a lock.
struct CodingShape {
  /// The type's decoding by the dialect's collection rules, when it is an array or dictionary.
  let decodingCollection: (any CanonicalCollectionDecoding.Type)?
  /// The type's encoding by the dialect's collection rules, when it is an array or dictionary.
  let encodingCollection: (any CanonicalCollectionEncoding.Type)?
  /// True when the type is marked ``CanonicalSumCodable``.
  let isSum: Bool
  /// The type's own writing in the direct writer (``DirectWriting``: arrays, effects).
  let direct: (any DirectWriting.Type)?

  /// The shape of `type`, from the cache or (once per type) from the runtime.
  static func of(_ type: Any.Type) -> CodingShape {
    let identity = ObjectIdentifier(type)
    if let known = ShapeCache.shared.find(identity) { return known }
    let shape = CodingShape(
      decodingCollection: type as? any CanonicalCollectionDecoding.Type,
      encodingCollection: type as? any CanonicalCollectionEncoding.Type,
      isSum: type is any CanonicalSumCodable.Type,
      direct: type as? any DirectWriting.Type)
    ShapeCache.shared.add(shape, for: identity)
    return shape
  }
}

/// The shapes met so far, one per type (``TypeSlots``), read under a lock. Bounded: past
/// `capacity` types (far more than an app's features code), a shape is looked up at every value
/// again, as before the cache.
final class ShapeCache: @unchecked Sendable {
  static let shared = ShapeCache()
  static let capacity = 256
  private let lock = SystemLock()
  private let slots = TypeSlots<CodingShape>(capacity: capacity)

  private init() {}

  /// The shape kept for `type`.
  func find(_ type: ObjectIdentifier) -> CodingShape? {
    lock.lock()
    defer { lock.unlock() }
    return slots.value(for: type)
  }

  /// Keeps `shape` for `type` (once; a second thread that looked it up too adds nothing).
  func add(_ shape: CodingShape, for type: ObjectIdentifier) {
    lock.lock()
    defer { lock.unlock() }
    guard !slots.isFull, slots.index(of: type) < 0 else { return }
    _ = slots.append(shape, for: type)
  }
}
