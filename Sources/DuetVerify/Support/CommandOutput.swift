import Foundation

/// Where a verb writes: standard output for results, standard error for diagnostics.
///
/// Verbs take this instead of calling `print`, so tests can capture exactly what a user sees.
/// Public because `DuetVerifyCLI.run` takes one: an embedding program captures the output with it.
public final class CommandOutput: @unchecked Sendable {
  private let lock = NSLock()
  private let writeOut: (String) -> Void
  private let writeError: (String) -> Void

  /// True when standard output is a terminal (colour is allowed).
  public let outputIsTerminal: Bool
  /// True when standard error is a terminal (a progress line is allowed).
  public let errorIsTerminal: Bool

  public init(
    out: @escaping (String) -> Void, error: @escaping (String) -> Void, outputIsTerminal: Bool = false,
    errorIsTerminal: Bool = false
  ) {
    writeOut = out
    writeError = error
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
  }

  /// The process's real standard output and standard error.
  public static func standard() -> CommandOutput {
    CommandOutput(
      out: { try? FileHandle.standardOutput.write(contentsOf: Data($0.utf8)) },
      error: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) },
      outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorIsTerminal: isatty(STDERR_FILENO) == 1)
  }

  /// Writes `text` to standard output as-is.
  public func write(_ text: String) {
    lock.withLock { writeOut(text) }
  }

  /// Writes a line to standard output.
  public func line(_ text: String = "") { write(text + "\n") }

  /// Writes `text` to standard error as-is (progress lines).
  public func writeDiagnostic(_ text: String) {
    lock.withLock { writeError(text) }
  }

  /// Writes a line to standard error.
  public func diagnostic(_ text: String) {
    lock.withLock { writeError(text + "\n") }
  }
}
