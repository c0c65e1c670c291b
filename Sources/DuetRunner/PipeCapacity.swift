import DuetPlatform

/// The size of a runner's request and reply pipes.
///
/// Linux gives a pipe 64 KiB. A batch of large requests (the slot's byte budget) or the replies to
/// it (a 5.6 KB state's reply is about 3 KB, and a window holds a few dozen) can exceed that, and
/// then the writer blocks mid-batch and waits to be woken: a system call and a context switch more
/// on each side per batch. With room for a whole batch, each side writes it once and sleeps once
/// (docs/performance.md, "the kernel's share").
enum PipeCapacity {
  /// Bytes asked for each of a runner's two protocol pipes.
  static let batch = 1 << 18

  /// Asks for `batch` bytes of room in the pipe `descriptor` belongs to. Where the kernel refuses
  /// (another system, or the user's pipe quota spent), the pipe keeps its size: only speed depends
  /// on it, never what is sent.
  static func widen(_ descriptor: Int32) {
    #if os(Linux)
      // F_SETPIPE_SZ, which Glibc's module does not export.
      _ = fcntl(descriptor, 1031, Int32(batch))
    #endif
  }
}
