import DuetPlatform

/// A mutual-exclusion lock over `pthread_mutex_t`, for the package's own shared state.
///
/// Not Foundation's `NSLock`: the verifier links no Foundation module that needs ICU, and loading
/// `libFoundation` (with `FoundationInternationalization` and ICU behind it) cost every run about
/// 8.5 million instructions at start-up (docs/performance.md, seventh round).
/// With `recursive`, the thread that holds it may take it again (as `NSRecursiveLock`).
package final class SystemLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  package init(recursive: Bool = false) {
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    if recursive { pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE)) }
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  package func lock() { pthread_mutex_lock(mutex) }

  package func unlock() { pthread_mutex_unlock(mutex) }

  /// `body`'s result, run while the lock is held.
  @inline(__always)
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}

/// A lock with a condition variable (as `NSCondition`): wait while holding it, signal or broadcast.
package final class SystemCondition: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  package init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  package func lock() { pthread_mutex_lock(mutex) }

  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Waits (the lock held) until signalled.
  package func wait() { pthread_cond_wait(condition, mutex) }

  /// Waits (the lock held) until signalled or `seconds` have passed on the wall clock;
  /// `false` when the time passed first.
  package func wait(seconds: Double) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let whole = seconds.rounded(.down)
    var nanoseconds = Int(now.tv_nsec) + Int((seconds - whole) * 1e9)
    var end = timespec()
    end.tv_sec = now.tv_sec + type(of: now.tv_sec).init(whole) + type(of: now.tv_sec).init(nanoseconds / 1_000_000_000)
    nanoseconds %= 1_000_000_000
    end.tv_nsec = type(of: now.tv_nsec).init(nanoseconds)
    return pthread_cond_timedwait(condition, mutex, &end) == 0
  }

  package func signal() { pthread_cond_signal(condition) }

  package func broadcast() { pthread_cond_broadcast(condition) }
}
