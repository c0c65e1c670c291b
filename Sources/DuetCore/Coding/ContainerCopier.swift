/// Copies a one-reference container out as its own type without asking the runtime for that
/// type's metadata at every copy.
///
/// `KeyedDecodingContainer<Key>` and `KeyedEncodingContainer<Key>` are resilient: code generic
/// over `Key` knows their layout only through their metadata, and fetched it at every copy of a
/// pooled container (about 470 instructions, a search of the runtime's generic-metadata cache).
/// A closure made here is generic over the container's type itself, so that type's metadata
/// travels in the closure's context, looked up once when the closure is made; calling it writes
/// the container straight into the caller's result. Kept out of line and unspecialised: inlined
/// into code generic over `Key`, the closure would look the metadata up again at each call.
enum ContainerCopier {
  /// A closure returning its argument, a container's one reference, as a `Container`. The caller
  /// checks once that `Container` is laid out as one reference.
  @inline(never)
  @_semantics("optimize.sil.specialize.generic.never")
  static func copying<Container>(_ type: Container.Type) -> (AnyObject) -> Container {
    { unsafeBitCast($0, to: Container.self) }
  }
}
