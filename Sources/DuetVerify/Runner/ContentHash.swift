import DuetPlatform

/// A 128-bit digest of bytes, so the runner's build stamp can say whether a file is byte for byte
/// what the last build read without keeping a copy (RunnerFingerprint).
///
/// Four 64-bit lanes each take every fourth 8-byte word by xor, multiply and shift; the tail is
/// padded with zeros and the length is mixed in, then the lanes are folded into two words. Words
/// are read in the machine's byte order: a stamp is only ever read on the machine that wrote it. It is
/// not a cryptographic hash (none is in the toolchain on Linux): it tells an edit from no edit,
/// and a collision needs bytes made for it on purpose by someone who could edit the recordings
/// anyway. It works a word at a time because duet-verify is usually built without optimisation
/// and hashes a few megabytes on every up-to-date verify.
struct ContentHash {
  private var lanes: (UInt64, UInt64, UInt64, UInt64) = (
    0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89
  )
  private var length: UInt64 = 0

  private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// Adds `bytes`; every call but the last must hand over a multiple of 32 bytes.
  mutating func add(_ bytes: UnsafeRawBufferPointer) {
    length &+= UInt64(bytes.count)
    let blocks = bytes.count / 32
    guard let base = bytes.baseAddress else { return }
    if blocks > 0, Int(bitPattern: base) % MemoryLayout<UInt64>.alignment == 0 {
      // Aligned (the file buffer always is): plain loads, which stay cheap without optimisation.
      var words = base.assumingMemoryBound(to: UInt64.self)
      var (a, b, c, d) = lanes
      for _ in 0..<blocks {
        a = (a ^ words[0]) &* Self.multiplier
        b = (b ^ words[1]) &* Self.multiplier
        c = (c ^ words[2]) &* Self.multiplier
        d = (d ^ words[3]) &* Self.multiplier
        a ^= a >> 29
        b ^= b >> 31
        c ^= c >> 27
        d ^= d >> 33
        words += 4
      }
      lanes = (a, b, c, d)
    } else {
      for block in 0..<blocks {
        var copy: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &copy) {
          $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[(block * 32)..<(block * 32 + 32)]))
        }
        mix(copy.0, copy.1, copy.2, copy.3)
      }
    }
    let offset = blocks * 32
    guard offset < bytes.count else { return }
    var tail: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &tail) { copy in
      copy.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
    }
    mix(tail.0, tail.1, tail.2, tail.3)
  }

  private mutating func mix(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) {
    lanes.0 = (lanes.0 ^ a) &* Self.multiplier
    lanes.1 = (lanes.1 ^ b) &* Self.multiplier
    lanes.2 = (lanes.2 ^ c) &* Self.multiplier
    lanes.3 = (lanes.3 ^ d) &* Self.multiplier
    lanes.0 ^= lanes.0 >> 29
    lanes.1 ^= lanes.1 >> 31
    lanes.2 ^= lanes.2 >> 27
    lanes.3 ^= lanes.3 >> 33
  }

  /// The digest as 32 hex digits.
  var text: String {
    let high = Self.finish(lanes.0 ^ (lanes.2 &* 0xFF51_AFD7_ED55_8CCD) ^ length)
    let low = Self.finish(lanes.1 ^ (lanes.3 &* 0xC4CE_B9FE_1A85_EC53) ^ (length &* Self.multiplier))
    return Self.hex(high) + Self.hex(low)
  }

  private static func finish(_ value: UInt64) -> UInt64 {
    var value = value
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The digest of `bytes`.
  static func of(bytes: UnsafeRawBufferPointer) -> String {
    var hash = ContentHash()
    hash.add(bytes)
    return hash.text
  }

  /// The digest of `text`'s UTF-8 bytes.
  static func of(_ text: String) -> String {
    var hash = ContentHash()
    var copy = text
    copy.withUTF8 { hash.add(UnsafeRawBufferPointer($0)) }
    return hash.text
  }

  /// The digest of the file at `path` (following links), read through `buffer` (reused between
  /// files); nil when it cannot be opened or read.
  static func of(file path: String, buffer: inout [UInt8]) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { _ = close(descriptor) }
    var info = stat()
    // Only a regular file has content to hash: a named pipe would block, a device never end.
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    if buffer.count < 1 << 20 { buffer = [UInt8](repeating: 0, count: 1 << 20) }
    var hash = ContentHash()
    let complete = buffer.withUnsafeMutableBytes { space -> Bool in
      while true {
        // Fill the whole buffer (a short read mid-file would break the 32-byte blocks).
        var filled = 0
        while filled < space.count {
          let count = read(descriptor, space.baseAddress! + filled, space.count - filled)
          if count < 0, errno == EINTR { continue }
          if count < 0 { return false }
          if count == 0 { break }
          filled += count
        }
        hash.add(UnsafeRawBufferPointer(rebasing: space[0..<filled]))
        if filled < space.count { return true }
      }
    }
    return complete ? hash.text : nil
  }
}
