import DuetCore

/// Text from outside the tool (a recording's labels and scenario source, a runner's replies, error
/// messages and stderr), made safe to print: every control character escaped
/// (`ControlCharacters`), so a printed field is always one visible line and cannot forge a GitHub
/// workflow command or reach the terminal as an escape sequence. JUnit XML escapes for itself; the
/// JSON report is JSON-escaped.
extension String {
  /// This text with control characters escaped.
  var printable: String { ControlCharacters.escaped(self) }
  /// A multi-line sentence the tool composed, with every control character but the line feed escaped.
  var printableLines: String { ControlCharacters.escaped(self, keepingNewlines: true) }
}

/// The verifier's name for the one escaping rule (it lives in DuetCore, beside the JSON paths that
/// need it too).
typealias PrintableText = ControlCharacters
