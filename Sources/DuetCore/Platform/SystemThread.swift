import DuetPlatform

/// Starting a detached thread over `pthread_create` (as Foundation's `Thread`, which the verifier
/// does not link: see ``SystemLock``).
package enum SystemThread {
  /// Runs `body` on a new detached thread, with a stack of `stackSize` bytes when given. `name`
  /// says what the thread is for when it cannot be started, which stops the process: every caller
  /// waits for its thread's work, so going on without it would hang. (The system's thread name is
  /// not set: Linux keeps 15 bytes, and `Thread` failed to set the longer names it was given.)
  package static func start(name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    let context = Unmanaged.passRetained(Start(body: body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let result = pthread_create(
      &thread, &attributes,
      { raw in
        #if canImport(Darwin)
          let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
        #else
          let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
        #endif
        start.body()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<Start>.fromOpaque(context).release()
      fatalError("cannot start the thread \(name): \(String(cString: strerror(result)))")
    }
  }

  private final class Start {
    let body: @Sendable () -> Void

    init(body: @escaping @Sendable () -> Void) {
      self.body = body
    }
  }
}
