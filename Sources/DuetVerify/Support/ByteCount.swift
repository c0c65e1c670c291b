/// A file size as a sentence says it: `70 MiB`, `64.5 MiB`, or `812 bytes` below one MiB.
///
/// The manifest reader and the recordings store both refuse oversized files in these words.
enum ByteCount {
  static func describe(_ bytes: Int) -> String {
    guard bytes >= 1 << 20 else { return "\(bytes) bytes" }
    let tenths = (bytes * 10 + (1 << 20) / 2) / (1 << 20)
    return (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)") + " MiB"
  }
}
