/// A list of coding keys behind one reference, so ``KeyTable`` can keep it among objects of a
/// concrete type and hand it out without the runtime looking up `[Key]`'s metadata.
final class KeyList<Key: CodingKey> {
  let keys: [Key]

  init(_ keys: [Key]) { self.keys = keys }
}
