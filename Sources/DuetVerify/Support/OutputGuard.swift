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
    if let blank = Self.plainLines(text, blank: lineIsBlank) {
      lineIsBlank = blank
      return text
    }
    var blank = lineIsBlank
    let written = PrintableText.rewriting(text) { previous, scalar, next in
      if scalar == "\n" || scalar == "\r" {
        blank = true
        return nil
      }
      let escapes =
        Self.isForeignControl(scalar) || PrintableText.isFormat(scalar)
        || PrintableText.opensLegacyCommand(scalar, after: previous, before: next) || (blank && scalar == ":")
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
    // ASCII without `#`: nothing to escape (the common report), so no scalar pass.
    guard text.utf8.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "#") }) else { return text }
    return PrintableText.rewriting(text) { previous, scalar, next in
      guard
        PrintableText.isFormat(scalar) || (PrintableText.isControl(scalar) && scalar.value >= 0x7F)
          || PrintableText.opensLegacyCommand(scalar, after: previous, before: next)
      else { return nil }
      let hex = String(scalar.value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }

  /// Whether the line ends blank after `text` (written from a line that is `blank` so far), when
  /// `text` is ASCII with nothing to escape; nil when it needs the scalar pass: a byte past ASCII,
  /// a `#`, a foreign control character, or a `:` where a line starts. Most output is such text,
  /// so it is written without being copied.
  static func plainLines(_ text: String, blank: Bool) -> Bool? {
    var blank = blank
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"): blank = true
      case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
      case UInt8(ascii: ":") where blank: return nil
      case UInt8(ascii: "#"), 0x7F..., ..<0x1B, 0x1C..<0x20: return nil
      default: blank = false
      }
    }
    return blank
  }

  /// A control character the tool never writes itself: every C0 but line feed, carriage return,
  /// tab and ESC, and DEL and C1.
  static func isForeignControl(_ scalar: Unicode.Scalar) -> Bool {
    PrintableText.isControl(scalar) && !["\n", "\r", "\t", "\u{1B}"].contains(scalar)
  }
}
