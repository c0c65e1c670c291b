/// Arrays written element by element by the direct writer, without an unkeyed container: the
/// bytes `Array.encode(to:)` gives through one (each element encoded as a value of its own).
protocol DirectArrayEncoding {
  func writeDirect(to writer: DirectWriter, depth: Int) throws
}

extension DirectArrayEncoding {
  /// `value`, whose type `T` is known to be `Self` (found by a metatype cast), written.
  static func writeDirect<T>(_ value: T, to writer: DirectWriter, depth: Int) throws {
    try unsafeBitCast(value, to: Self.self).writeDirect(to: writer, depth: depth)
  }
}

extension Array: DirectArrayEncoding where Element: Encodable {
  func writeDirect(to writer: DirectWriter, depth: Int) throws {
    writer.append(UInt8(ascii: "["))
    // Plain indices: `indices` is a `Range` whose metadata the runtime looks up at every array.
    var index = 0
    while index < count {
      if index > 0 { writer.append(UInt8(ascii: ",")) }
      try writer.write(self[index], depth: depth)
      index += 1
    }
    writer.append(UInt8(ascii: "]"))
  }
}
