/// The entry to the direct writer (``DirectWriter``): a value's compact canonical bytes, or nil
/// when the value is outside what it writes (the caller then uses the tree encoder).
///
/// Writers are kept for reuse (their buffers keep their capacity), a few at a time, so the hot
/// path allocates nothing of its own; a writer taken is used by one thread only.
enum DirectEncoding {
  /// The compact canonical text of `value`, byte for byte the tree encoder's, or nil.
  static func compact<T: Encodable>(_ value: T) -> String? {
    withBytes(of: value) { String(decoding: $0, as: UTF8.self) }
  }

  /// `body` over the compact canonical bytes of `value`, or nil (without calling it) on a miss.
  static func withBytes<T: Encodable, R>(of value: T, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    let writer = WriterShelf.shared.take()
    defer { WriterShelf.shared.put(writer) }
    return writer.compactBytes(value).map(body)
  }
}
