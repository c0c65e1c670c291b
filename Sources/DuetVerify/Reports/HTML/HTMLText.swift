/// Escaping for the HTML report. Everything on the page that came from recordings, the manifest or
/// a runner (names, labels, fragments, stderr) is hostile text and goes through here.
enum HTMLText {
  /// `text` safe inside element content and double- or single-quoted attributes: `&`, `<`, `>`,
  /// `"` and `'` become references, and control characters HTML forbids (NUL among them) become
  /// U+FFFD, so no byte a runner sends can open a tag, end an attribute or break the parse.
  static func escape(_ text: String) -> String {
    MarkupText.escape(text, apostrophe: "&#39;") { value in
      let forbidden =
        value < 0x20 || (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value)
        || value & 0xFFFE == 0xFFFE
      return !forbidden
    }
  }
}
