import Dispatch
import DuetCore
import DuetPlatform

/// Drains a runner's standard error on its own thread, keeping only a bounded tail for reports.
///
/// A runner that floods stderr would otherwise fill the pipe and block mid-answer (a deadlock);
/// draining continuously prevents that, and the tail keeps the last lines a user needs to see when
/// the runner crashes.
final class StderrDrain: @unchecked Sendable {
  private let fd: Int32
  private let tailLimit: Int
  private let lock = SystemLock()
  private var tail: [UInt8] = []
  private var total = 0
  private var stopRequested = false
  private let finished = DispatchSemaphore(value: 0)

  /// Starts draining `fd`; keeps the last `tailBytes` bytes.
  init(fd: Int32, tailBytes: Int = 16_384) {
    self.fd = fd
    tailLimit = tailBytes
    SystemThread.start(name: "stderr drain") { [self] in self.drain() }
  }

  /// Reads until the write ends close, or until `finish` asks it to stop: then only what is already
  /// waiting is read, at most `readsAfterStop` chunks more, so a child the runner left behind
  /// writing forever can never hold it (or the verifier waiting for it) up.
  private func drain() {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var readsSinceStop = 0
    while true {
      let stopping = lock.withLock { stopRequested }
      if stopping, readsSinceStop >= Self.readsAfterStop { break }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, stopping ? 0 : 50)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if ready == 0 {
        if stopping { break }
        continue
      }
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        keep(chunk[0..<count])
        if stopping { readsSinceStop += 1 }
        continue
      }
      if count == 0 { break }
      if errno != EAGAIN && errno != EINTR && errno != EWOULDBLOCK { break }
      if stopping { break }
    }
    finished.signal()
  }

  /// Chunks read after `finish` at most (1 MiB): what a runner wrote before it ended.
  static let readsAfterStop = 16

  private func keep(_ bytes: ArraySlice<UInt8>) {
    lock.withLock {
      total += bytes.count
      tail.append(contentsOf: bytes.suffix(tailLimit))
      if tail.count > tailLimit { tail.removeFirst(tail.count - tailLimit) }
    }
  }

  /// Stops after reading what is already buffered (bounded), then closes; never waits for a writer.
  func finish() {
    lock.withLock { stopRequested = true }
    finished.wait()
    close(fd)
  }

  /// The last `count` complete-or-partial lines written so far.
  func lastLines(_ count: Int = 12) -> [String] {
    let bytes = lock.withLock { tail }
    let text = String(decoding: bytes, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    if lines.count > count { lines = Array(lines.suffix(count)) }
    return lines.map { $0.count > 400 ? String($0.prefix(400)) + "…" : $0 }
  }

  /// Bytes written to stderr so far.
  var byteCount: Int { lock.withLock { total } }
}
