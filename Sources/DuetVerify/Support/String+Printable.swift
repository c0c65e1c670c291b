import DuetCore

/// Text from outside the tool (a recording's labels and scenario source, a runner's replies, error
/// messages and stderr, a report read back from `.runs/`), made safe to print where it is quoted:
/// every control and format character escaped and `##[` broken (`PrintableText`), so a printed field
/// is always one visible line. `CommandOutput` then holds every line it writes to the rest of the rule
/// (`OutputGuard`). JUnit XML escapes for itself; the JSON report is JSON-escaped.
extension String {
  /// This text with control and format characters escaped.
  var printable: String { PrintableText.escaped(self) }
  /// A multi-line sentence the tool composed, with every control and format character but the line
  /// feed escaped.
  var printableLines: String { PrintableText.escaped(self, keepingNewlines: true) }
}

/// The escaping rule under its own name in every file of the verifier, whether or not it imports
/// DuetCore (where it lives, beside the JSON paths that need it too).
typealias PrintableText = DuetCore.PrintableText
