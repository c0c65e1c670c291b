import DuetCore
import DuetPlatform
import DuetRunner

/// A launcher that remembers the platform the first runner's handshake named, so the summary can
/// say which runner answered without the pool knowing anything about reports.
final class HandshakeNotingLauncher: RunnerLauncher, @unchecked Sendable {
  private let inner: any RunnerLauncher
  private let lock = SystemLock()
  private var noted: String?

  init(_ inner: any RunnerLauncher) {
    self.inner = inner
  }

  var requestTimeout: Double { inner.requestTimeout }

  func launch() throws(RunnerStartError) -> any RunnerConnection {
    let connection = try inner.launch()
    lock.withLock {
      if noted == nil { noted = connection.handshake.platform }
    }
    return connection
  }

  /// The platform of the first runner that started, if any started and named one.
  var platform: String? { lock.withLock { noted } }
}
