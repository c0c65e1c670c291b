import Foundation

@testable import DuetVerify

/// Runs the CLI in-process and keeps what it wrote to each stream.
final class CapturedOutput: @unchecked Sendable {
  private let lock = NSLock()
  private var outText = ""
  private var errorText = ""

  var out: String { lock.withLock { outText } }
  var error: String { lock.withLock { errorText } }

  lazy var output = CommandOutput(
    out: { [unowned self] text in self.lock.withLock { self.outText += text } },
    error: { [unowned self] text in self.lock.withLock { self.errorText += text } })

  static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) -> (
    code: ExitCode, out: String, error: String
  ) {
    let captured = CapturedOutput()
    let code = DuetVerifyCLI.run(arguments, output: captured.output, environment: environment, folder: folder)
    return (code, captured.out, captured.error)
  }
}
