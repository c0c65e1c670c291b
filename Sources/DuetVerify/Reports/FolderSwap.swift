import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a folder with another in place: one atomic exchange where the system offers it
/// (`renameat2(RENAME_EXCHANGE)` on Linux), otherwise two renames; the old contents are removed.
enum FolderSwap {
  /// Moves `replacement` to `target` (whose old contents are deleted); false when it could not.
  static func replace(_ target: String, with replacement: String) -> Bool {
    if rename(replacement, target) == 0 { return true }  // no old folder (or an empty one)
    if let exchange, exchange(AT_FDCWD, replacement, AT_FDCWD, target, renameExchange) == 0 {
      try? FileManager.default.removeItem(atPath: replacement)  // now holds the old contents
      return true
    }
    let old = replacement + ".old"
    guard rename(target, old) == 0 else { return false }
    guard rename(replacement, target) == 0 else {
      _ = rename(old, target)
      return false
    }
    try? FileManager.default.removeItem(atPath: old)
    return true
  }

  private typealias RenameAt2 =
    @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

  /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
  private static let renameExchange: UInt32 = 1 << 1

  /// `renameat2`, looked up at run time (glibc 2.28+; absent elsewhere).
  private static let exchange: RenameAt2? = {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
    return unsafeBitCast(symbol, to: RenameAt2.self)
  }()
}
