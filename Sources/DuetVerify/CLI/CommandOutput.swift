import Foundation

/// Where a verb writes: standard output for results, standard error for diagnostics.
///
/// Verbs take this instead of calling `print`, so tests can capture exactly what a user sees.
public final class CommandOutput: @unchecked Sendable {
  private let lock = NSLock()
  private let writeOut: (String) -> Void
  private let writeError: (String) -> Void

  public init(out: @escaping (String) -> Void, error: @escaping (String) -> Void) {
    writeOut = out
    writeError = error
  }

  /// The process's real standard output and standard error.
  public static func standard() -> CommandOutput {
    CommandOutput(
      out: { FileHandle.standardOutput.write(Data($0.utf8)) },
      error: { FileHandle.standardError.write(Data($0.utf8)) })
  }

  /// Writes `text` to standard output as-is.
  public func write(_ text: String) {
    lock.withLock { writeOut(text) }
  }

  /// Writes a line to standard output.
  public func line(_ text: String = "") { write(text + "\n") }

  /// Writes a line to standard error.
  public func diagnostic(_ text: String) {
    lock.withLock { writeError(text + "\n") }
  }
}
