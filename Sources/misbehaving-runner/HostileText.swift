import DuetCore

/// `--hostile-text`: what a runner's error text can hold to forge output: line breaks that open
/// workflow commands (indented, as GitHub trims leading whitespace), legacy `##[` commands that
/// work anywhere in a line, and invisible format characters (a right-to-left override, a line
/// separator, a zero-width space, a byte-order mark).
enum HostileText {
  /// Appended to the error fault's message (after its first words, so a test can find it).
  static let tail =
    "\n::error::forged by the runner\u{1B}[2J\u{0}\n  ::error file=forged.swift,line=1::indented\n\t::add-mask::secret"
    + " ##[error]legacy ##[stop-commands]token \u{202E}desrever\u{2069}\u{2028}::warning::separated\u{200B}\u{FEFF}"

  /// `{"error": <message + tail>}`, one line.
  static func error(_ message: String) -> String {
    (try? CanonicalWriter.compact(.object(["error": .string(message + tail)]))) ?? "{}"
  }
}
