/// A loose reader of the HTML report for tests (unit and end-to-end): sections between markers, counts, and the text of
/// simple elements. The page is machine-written, so string scanning is enough.
public enum HTMLScan {
  /// The text from the first `start` to the next `end` after it (empty when absent).
  public static func section(_ html: String, from start: String, to end: String) -> String {
    guard let open = html.range(of: start), let close = html.range(of: end, range: open.upperBound..<html.endIndex)
    else { return "" }
    return String(html[open.lowerBound..<close.upperBound])
  }

  /// The text after each occurrence of `marker`, up to the next one.
  public static func parts(_ html: String, after marker: String) -> [String] {
    Array(html.components(separatedBy: marker).dropFirst())
  }

  /// How many times `needle` occurs.
  public static func count(_ needle: String, in html: String) -> Int {
    html.components(separatedBy: needle).count - 1
  }

  /// The text of each `<tag …>` element whose opening reads `<opening>`, tags inside removed.
  public static func texts(of opening: String, in html: String) -> [String] {
    let name = String(opening.prefix { $0 != " " })
    return html.components(separatedBy: "<" + opening + ">").dropFirst().map { part in
      let inner = part.components(separatedBy: "</" + name + ">").first ?? ""
      return stripTags(inner)
    }
  }

  /// `text` without any `<…>` tag.
  public static func stripTags(_ text: String) -> String {
    var result = ""
    var inTag = false
    for character in text {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
      } else if !inTag {
        result.append(character)
      }
    }
    return result
  }
}
