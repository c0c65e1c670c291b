import DuetCore

/// The escaping rule held at the one place output is written (`CommandOutput`), so no text that
/// reaches a CI log can be a workflow command, whatever a call site forgot to escape.
///
/// GitHub's runner reads `::command::` where a line starts (after any whitespace, which it trims)
/// and `##[command]` anywhere in a line. The tool writes neither on its own (annotations go through
/// `workflowCommand`), so a line that would open with `:` has that `:` escaped, the second `#` of
/// `##[` is escaped, and so are format characters (`PrintableText.isFormat`) and control characters
/// other than the line feed, carriage return, tab and ESC (the tool's colours). Line breaks cannot
/// be told from the tool's own here: outside text is escaped where it is quoted (`String.printable`).
/// The state is whether the line being written holds only whitespace so far, across writes.
struct OutputGuard {
  private var lineIsBlank = true

  /// `text` as it may be written to a terminal or a CI log.
  mutating func text(_ text: String) -> String {
    var blank = lineIsBlank
    let written = Self.rewriting(text) { scalars, index in
      let scalar = scalars[index]
      if scalar == "\n" || scalar == "\r" {
        blank = true
        return nil
      }
      let escapes =
        Self.isForeignControl(scalar) || PrintableText.isFormat(scalar)
        || PrintableText.opensLegacyCommand(scalars, at: index) || (blank && scalar == ":")
      blank = blank && !escapes && scalar.properties.isWhitespace
      return escapes ? PrintableText.escape(scalar) : nil
    }
    lineIsBlank = blank
    return written
  }

  /// A workflow command the tool composed (an annotation, its message already escaped), as one
  /// line: it alone may open with `::`; the rest of the line is held to the rule.
  mutating func workflowCommand(_ line: String) -> String {
    guard line.hasPrefix("::") else { return text(line + "\n") }
    lineIsBlank = false
    return "::" + text(String(line.dropFirst(2)) + "\n")
  }

  /// A JSON document (a `--json` report): the same characters escaped as JSON escapes (`\u202e`,
  /// `#\u0023[`), which can stand only inside its strings, so the document reads back the same.
  mutating func json(_ text: String) -> String {
    lineIsBlank = text.hasSuffix("\n")
    return Self.rewriting(text) { scalars, index in
      let scalar = scalars[index]
      guard
        PrintableText.isFormat(scalar) || (PrintableText.isControl(scalar) && scalar.value >= 0x7F)
          || PrintableText.opensLegacyCommand(scalars, at: index)
      else { return nil }
      let hex = String(scalar.value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }

  /// `text` with each scalar for which `replacement` gives a text replaced by it (nil keeps it);
  /// `replacement` sees every scalar in order, with its neighbours.
  static func rewriting(_ text: String, _ replacement: ([Unicode.Scalar], Int) -> String?) -> String {
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    result.reserveCapacity(scalars.count)
    for index in scalars.indices {
      if let replaced = replacement(scalars, index) {
        result.append(contentsOf: replaced.unicodeScalars)
      } else {
        result.append(scalars[index])
      }
    }
    return String(result)
  }

  /// A control character the tool never writes itself: every C0 but line feed, carriage return,
  /// tab and ESC, and DEL and C1.
  static func isForeignControl(_ scalar: Unicode.Scalar) -> Bool {
    PrintableText.isControl(scalar) && !["\n", "\r", "\t", "\u{1B}"].contains(scalar)
  }
}
