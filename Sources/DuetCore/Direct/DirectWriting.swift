/// Values the direct writer writes itself, without the `Encoder` containers their `encode(to:)`
/// would ask for (each container is a box the runtime allocates and looks up by type): arrays,
/// element by element, and ``Effect``s, whose three keys are DuetCore's own. The bytes are the
/// ones their `encode(to:)` gives through the writer's containers.
protocol DirectWriting {
  /// Writes the value's compact canonical bytes; a nested value goes to `writer.write` at `depth`.
  func writeDirect(to writer: DirectWriter, depth: Int) throws
}

extension DirectWriting {
  /// `value`, whose type `T` is known to be `Self` (found by a metatype cast), written.
  static func writeDirect<T>(_ value: T, to writer: DirectWriter, depth: Int) throws {
    try unsafeBitCast(value, to: Self.self).writeDirect(to: writer, depth: depth)
  }
}

extension Array: DirectWriting where Element: Encodable {
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

extension Effect: DirectWriting {
  /// `{"id":…,"kind":"run","payload":…}` (no `id` when nil) or `{"id":…,"kind":"cancel"}`: the keys
  /// in canonical order, as ``Effect/encode(to:)`` writes them through a keyed container.
  func writeDirect(to writer: DirectWriter, depth: Int) throws {
    switch self {
    case .run(let payload, let id):
      if let id {
        writer.append(#"{"id":"#)
        writer.writeQuoted(id)
        writer.append(#","kind":"run","payload":"#)
      } else {
        writer.append(#"{"kind":"run","payload":"#)
      }
      try writer.write(payload, depth: depth)
      writer.append(UInt8(ascii: "}"))
    case .cancel(let id):
      writer.append(#"{"id":"#)
      writer.writeQuoted(id)
      writer.append(#","kind":"cancel"}"#)
    }
  }
}
