/// The one escaping rule for text from outside the tool that reaches a person: a JSON path whose
/// keys came from a file, a label from a recording, a runner's error, a report read back from
/// `.runs/`.
///
/// Printed raw, such text could forge output: a label holding `\n::error file=…::` starts a GitHub
/// workflow command, `##[stop-commands]` is one wherever it stands in a line, escape sequences or NUL
/// bytes reach the terminal, and invisible format characters (a right-to-left override, a zero-width
/// space, U+2028) make a line read as something it is not. Each of those is written as a visible
/// escape (`\n`, `\r`, `\t`, `\u{202E}`, and the second `#` of `##[` as `\u{23}`), so the text is one
/// visible line that says what it holds.
public enum PrintableText {
  /// `text` with every control and format character escaped, and `##[` broken; with
  /// `keepingNewlines`, a line feed stays (for a multi-line sentence whose outside parts were escaped
  /// where they were quoted).
  public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
    rewriting(text) { previous, scalar, next in
      if keepingNewlines && scalar == "\n" { return nil }
      let escapes =
        isControl(scalar) || isFormat(scalar) || opensLegacyCommand(scalar, after: previous, before: next)
      return escapes ? escape(scalar) : nil
    }
  }

  /// `text` with each scalar for which `replacement` gives a text replaced by it (nil keeps it);
  /// `replacement` sees every scalar in order, with its neighbours. The runs between replacements
  /// are copied whole, and text with none is returned as it is.
  public static func rewriting(
    _ text: String, _ replacement: (Unicode.Scalar?, Unicode.Scalar, Unicode.Scalar?) -> String?
  ) -> String {
    let scalars = text.unicodeScalars
    var result = ""
    var changed = false
    var copied = scalars.startIndex
    var previous: Unicode.Scalar?
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let after = scalars.index(after: index)
      if let replaced = replacement(previous, scalar, after < scalars.endIndex ? scalars[after] : nil) {
        result += String(scalars[copied..<index])
        result += replaced
        changed = true
        copied = after
      }
      previous = scalar
      index = after
    }
    guard changed else { return text }
    return result + String(scalars[copied...])
  }

  /// The visible form of one scalar: `\n`, `\r`, `\t`, else `\u{HEX}` (Swift's notation).
  public static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
  }

  /// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// Invisible characters that change how a line reads or where it breaks: the bidirectional marks,
  /// embeddings, overrides and isolates (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069),
  /// zero-width characters (U+200B–U+200D, U+2060, U+FEFF) and the line and paragraph separators
  /// (U+2028, U+2029).
  public static func isFormat(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF: return true
    default: return false
    }
  }

  /// True when `scalar`, between `previous` and `next`, is the second `#` of `##[`, the opening of
  /// a legacy workflow command that GitHub's runner recognises anywhere in a line; escaping that
  /// one character breaks it.
  public static func opensLegacyCommand(
    _ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?
  ) -> Bool {
    scalar == "#" && previous == "#" && next == "["
  }
}
