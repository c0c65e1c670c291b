/// Escaping shared by the two markup reports, the JUnit XML file and the HTML page: both carry
/// hostile text (names, messages, stderr a runner sent) and must stay well-formed whatever it holds.
///
/// The two differ only in how they spell the apostrophe and in which characters their grammar
/// forbids, so those are the parameters; the walk over the text is `PrintableText.rewriting`'s.
enum MarkupText {
  /// `text` safe inside element content and double- or single-quoted attributes: `&`, `<`, `>`,
  /// `"` and `'` become references (`apostrophe` for `'`); tab, newline and carriage return stay;
  /// any other scalar `allowed` rejects becomes U+FFFD.
  static func escape(_ text: String, apostrophe: String, allowed: (UInt32) -> Bool) -> String {
    PrintableText.rewriting(text) { _, scalar, _ in
      switch scalar {
      case "&": "&amp;"
      case "<": "&lt;"
      case ">": "&gt;"
      case "\"": "&quot;"
      case "'": apostrophe
      case "\t", "\n", "\r": nil
      default: allowed(scalar.value) ? nil : "\u{FFFD}"
      }
    }
  }
}
