import DuetCore
import DuetPlatform
import DuetRunner

/// The life of a strength verb's scratch copy: scratches killed runs left are removed first,
/// SIGINT/SIGTERM are caught before the copy exists, and from then on any stop (a signal, an
/// error, the end) removes it. A signal ends every child (the build, the runners) before the
/// scratch is removed, so nothing writes into it afterwards; the user's tree is only ever read.
final class StrengthSession: @unchecked Sendable {
  private let lock = SystemLock()
  private var scratch: ScratchPackage?
  /// Further scratch copies (a mutant built on its own), removed with the first.
  private var others: [ScratchPackage] = []
  private var interrupts: InterruptGuard?

  /// Catches signals for `verb`, removes stray scratches, then copies `package` (and the local
  /// path `dependencies` that hold reducers, see ``ScratchPackage``) into a new one.
  static func start(verb: String, package: URL, dependencies: [URL] = [], output: CommandOutput) throws(StrengthError)
    -> (
      StrengthSession, ScratchPackage
    )
  {
    let session = StrengthSession()
    let interrupts = InterruptGuard { [session] signal, _ in
      // From here on nothing the run would still write (a cache, a report) is written, and no
      // failure the kill causes is reported (``ProcessStop``, the mark every verb's stop sets).
      ProcessStop.shared.begin()
      LiveChildren.shared.killAll()
      session.removeScratch()
      ProcessStop.shared.removeWhatTheRunMade()
      output.diagnostic(
        Program.prefix(verb) + "interrupted (\(InterruptGuard.name(of: signal))): the build and the runners were "
          + "stopped and the scratch copy removed; your tree was not changed. No verdict was reached.")
      _exit(128 + signal)
    }
    interrupts.install()
    session.interrupts = interrupts
    ScratchPackage.removeStrays()
    let scratch = ScratchPackage.reserve(for: package, dependencies: dependencies)
    session.lock.withLock { session.scratch = scratch }
    do {
      try scratch.fill()
      return (session, scratch)
    } catch {
      session.finish()
      throw error
    }
  }

  /// A second scratch of the packages `like` copies (a mutant's own build), removed on any stop
  /// like the first.
  func another(like scratch: ScratchPackage) throws(StrengthError) -> ScratchPackage {
    let extra = scratch.sibling()
    lock.withLock { others.append(extra) }
    // A signal already removed the scratches: this one is never made.
    if ProcessStop.shared.isStopping { extra.remove() }
    try extra.fill()
    return extra
  }

  private func removeScratch() {
    let all = lock.withLock { [scratch].compactMap { $0 } + others }
    for scratch in all { scratch.remove() }
  }

  /// Removes the scratch and stops catching signals.
  func finish() {
    removeScratch()
    interrupts?.uninstall()
    interrupts = nil
  }
}
