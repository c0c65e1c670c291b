/// Control characters written as visible escapes, for text that reaches a person: a JSON path
/// whose keys came from a file, a label from a recording, a runner's error.
///
/// Printed raw, such text could forge output: a key or label holding `\n::error file=…::` starts a
/// GitHub workflow command, and escape sequences or NUL bytes reach the terminal. Every control
/// character (Unicode category Cc: C0, DEL, C1) is written as `\n`, `\r`, `\t` or `\u{1B}`, so the
/// text is one visible line.
public enum ControlCharacters {
  /// `text` with every control character escaped; with `keepingNewlines`, a line feed stays (for a
  /// multi-line sentence whose outside parts were escaped where they were quoted).
  public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
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
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
