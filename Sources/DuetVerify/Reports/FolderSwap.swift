import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a folder with another in place: one atomic exchange where the system offers it
/// (`renameat2(RENAME_EXCHANGE)` on Linux), otherwise renames.
enum FolderSwap {
  /// Moves `replacement` to `target`. The old contents of `target` end up at `replacement` when
  /// `keepOld` (for reuse), and are deleted otherwise. False when the swap could not be made.
  static func exchange(_ target: String, with replacement: String, keepOld: Bool) -> Bool {
    if let renameAt2, renameAt2(AT_FDCWD, replacement, AT_FDCWD, target, renameExchange) == 0 {
      if !keepOld { try? FileManager.default.removeItem(atPath: replacement) }
      return true
    }
    var status = stat()
    if stat(target, &status) != 0 { return rename(replacement, target) == 0 }  // no old folder yet
    let old = replacement + ".old"
    try? FileManager.default.removeItem(atPath: old)
    guard rename(target, old) == 0 else { return false }
    guard rename(replacement, target) == 0 else {
      _ = rename(old, target)
      return false
    }
    if keepOld, rename(old, replacement) == 0 { return true }
    try? FileManager.default.removeItem(atPath: old)
    return true
  }

  private typealias RenameAt2 =
    @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

  /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
  private static let renameExchange: UInt32 = 1 << 1

  /// `renameat2`, looked up at run time (glibc 2.28+; absent elsewhere).
  private static let renameAt2: RenameAt2? = {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
    return unsafeBitCast(symbol, to: RenameAt2.self)
  }()
}
