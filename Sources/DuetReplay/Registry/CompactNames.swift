#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A registry's feature names as UTF-8 in one buffer, for a compact request's name read as bytes.
///
/// A registry holds a handful of features: comparing a few bytes with each name costs less than
/// making a `String` of the request's name and hashing it, and walking one buffer retains nothing
/// (an array of name arrays and features retained each element it passed).
final class CompactNames: Sendable {
  /// Every name's bytes, one after another.
  private let bytes: [UInt8]
  /// Where each name starts in `bytes`; one more entry marks the end of the last.
  private let starts: [Int]

  init(_ names: [String]) {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    for name in names {
      starts.append(bytes.count)
      bytes.append(contentsOf: name.utf8)
    }
    starts.append(bytes.count)
    self.bytes = bytes
    self.starts = starts
  }

  /// The position of `name` in the list given to ``init(_:)``, or -1.
  func index(of name: UnsafeBufferPointer<UInt8>) -> Int {
    bytes.withUnsafeBufferPointer { all in
      starts.withUnsafeBufferPointer { starts in
        for index in 0..<(starts.count - 1) where starts[index + 1] - starts[index] == name.count {
          if name.count == 0 || memcmp(all.baseAddress! + starts[index], name.baseAddress!, name.count) == 0 {
            return index
          }
        }
        return -1
      }
    }
  }
}
