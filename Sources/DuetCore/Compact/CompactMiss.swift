/// Thrown inside the compact decoder when a value is not what the fast path handles (or would be
/// an error): the caller then decodes the request the ordinary way, which words any error.
package struct CompactMiss: Error {}
