import DuetPlatform

/// The keys of one object of the recording format (`DocumentKey`, `StepKey`), in canonical order:
/// what the fast reader matches a canonical object's members against, in one pass.
///
/// Canonical text holds an object's keys in canonical order, so a reader that walks the members
/// tries each key against the candidates after the previous member's only (`first`, then `next`),
/// and a key that matches none of them is one the dialect does not define.
protocol CanonicalKey: CaseIterable, Equatable {
  /// The first key in canonical order.
  static var first: Self { get }
  /// The key after this one in canonical order; `nil` after the last.
  var next: Self? { get }
  /// The key's bytes, without an allocation.
  var spelling: StaticString { get }
}

extension CanonicalKey {
  /// The key spelled by `bytes` (a canonical key, between its quotes), matched without making a
  /// string; `nil` for a key the dialect does not define.
  init?(spelledBy bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return nil }
    var candidate: Self? = Self.first
    while let key = candidate {
      let spelling = key.spelling
      if spelling.utf8CodeUnitCount == bytes.count, memcmp(base, spelling.utf8Start, bytes.count) == 0 {
        self = key
        return
      }
      candidate = key.next
    }
    return nil
  }
}
