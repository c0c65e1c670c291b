/// Escaping shared by the two markup reports, the JUnit XML file and the HTML page: both carry
/// hostile text (names, messages, stderr a runner sent) and must stay well-formed whatever it holds.
///
/// The two differ only in how they spell the apostrophe and in which characters their grammar
/// forbids, so those are the parameters; the walk over the text is written once.
enum MarkupText {
  /// `text` safe inside element content and double- or single-quoted attributes: `&`, `<`, `>`,
  /// `"` and `'` become references (`apostrophe` for `'`); tab, newline and carriage return stay;
  /// any other scalar `allowed` rejects becomes U+FFFD.
  static func escape(_ text: String, apostrophe: String, allowed: (UInt32) -> Bool) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += apostrophe
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        if allowed(scalar.value) { result.unicodeScalars.append(scalar) } else { result += "\u{FFFD}" }
      }
    }
    return result
  }
}
