import DuetCore
import DuetPlatform

/// Where a verb writes: standard output for results, standard error for diagnostics.
///
/// Verbs take this instead of calling `print`, so tests can capture exactly what a user sees. It is
/// also the one place output is rendered, so every line is held to the escaping rule here
/// (`OutputGuard`): nothing written through it can be a GitHub workflow command but an annotation.
/// Public because `DuetVerifyCLI.run` takes one: an embedding program captures the output with it.
public final class CommandOutput: @unchecked Sendable {
  private let lock = SystemLock()
  private let writeOut: (String) -> Void
  private let writeError: (String) -> Void
  private var outGuard = OutputGuard()
  private var errorGuard = OutputGuard()

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
      out: { SystemFile.write($0, to: STDOUT_FILENO) },
      error: { SystemFile.write($0, to: STDERR_FILENO) },
      outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorIsTerminal: isatty(STDERR_FILENO) == 1)
  }

  /// Writes `text` to standard output, held to the escaping rule (`OutputGuard`).
  public func write(_ text: String) {
    lock.withLock { writeOut(outGuard.text(text)) }
  }

  /// Writes a line to standard output.
  public func line(_ text: String = "") { write(text + "\n") }

  /// Writes `text` to standard error, held to the escaping rule (progress lines).
  public func writeDiagnostic(_ text: String) {
    lock.withLock { writeError(errorGuard.text(text)) }
  }

  /// Writes a line to standard error.
  public func diagnostic(_ text: String) {
    lock.withLock { writeError(errorGuard.text(text + "\n")) }
  }

  /// Writes a JSON document (a `--json` report) to standard output, what could be read as a workflow
  /// command inside its strings written as JSON escapes.
  func json(_ text: String) {
    lock.withLock { writeOut(outGuard.json(text)) }
  }

  /// Writes a GitHub workflow command the tool composed (an annotation) as one line, to standard
  /// error or standard output: the only line allowed to open with `::`.
  func workflowCommand(_ line: String, toStandardError: Bool) {
    lock.withLock {
      if toStandardError {
        writeError(errorGuard.workflowCommand(line))
      } else {
        writeOut(outGuard.workflowCommand(line))
      }
    }
  }

  /// Writes `text` to standard output byte for byte: `canonical`'s output, the canonical form the
  /// user asked for, which escaping would change.
  func exact(_ text: String) {
    lock.withLock { writeOut(text) }
  }
}
