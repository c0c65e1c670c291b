/// Thrown inside the direct encoder when a value is not what it writes (or would be an error):
/// the caller then encodes the value the tree way, which gives the bytes or the error, worded.
struct DirectMiss: Error {}
