/// Text from outside the tool (a recording's labels and scenario source, a runner's replies, error
/// messages and stderr), made safe to print.
///
/// Printed raw, such text could forge output: a label holding `\n::error file=…::` starts a GitHub
/// workflow command (a fake annotation, or `::add-mask::`), and escape sequences or NUL bytes reach
/// the terminal. Every control character (Unicode category Cc: C0, DEL, C1) is written as an escape
/// instead — `\n`, `\r`, `\t`, or `\u{1B}` — so a printed field is always one visible line.
/// JUnit XML escapes for itself; the JSON report is JSON-escaped.
enum PrintableText {
  /// `text` with every control character escaped; with `keepingNewlines`, a line feed stays (for
  /// multi-line sentences the tool composed, whose outside parts are single lines already).
  static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingNewlines && $0 == "\n") }) else {
      return text
    }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard isControl(scalar), !(keepingNewlines && scalar == "\n") else {
        result.append(scalar)
        continue
      }
      let replacement: String
      switch scalar {
      case "\n": replacement = "\\n"
      case "\r": replacement = "\\r"
      case "\t": replacement = "\\t"
      default: replacement = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
      result.append(contentsOf: replacement.unicodeScalars)
    }
    return String(result)
  }

  /// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}

extension String {
  /// This text with control characters escaped (see `PrintableText`).
  var printable: String { PrintableText.escaped(self) }
  /// A multi-line sentence the tool composed, with every control character but the line feed escaped.
  var printableLines: String { PrintableText.escaped(self, keepingNewlines: true) }
}
