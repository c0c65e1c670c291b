/// Colour for the terminal reporter: only on a TTY, never with `NO_COLOR` set or `--no-color`.
///
/// Everything else (files, pipes, CI logs, JSON) stays plain, so output is byte-stable for scripts.
struct TerminalStyle: Sendable {
  /// Whether escapes are written at all.
  var enabled: Bool

  init(enabled: Bool) {
    self.enabled = enabled
  }

  /// The policy of docs/commands.md: a TTY, no `NO_COLOR` (any non-empty value), no `--no-color`.
  static func decide(isTerminal: Bool, environment: [String: String], noColorFlag: Bool) -> TerminalStyle {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    return TerminalStyle(enabled: isTerminal && !noColor && !noColorFlag)
  }

  /// Failures.
  func red(_ text: String) -> String { wrap(text, "31") }
  /// Passes.
  func green(_ text: String) -> String { wrap(text, "32") }
  /// Warnings.
  func yellow(_ text: String) -> String { wrap(text, "33") }
  /// Emphasis.
  func bold(_ text: String) -> String { wrap(text, "1") }

  func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
