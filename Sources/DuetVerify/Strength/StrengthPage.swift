/// What the strength verbs' HTML pages (`coverage --html`, `mutate --html`) share, written once:
/// the frame (head, inline style sheet, the verdict heading and summary), the base style, and the
/// row of a numbered source line. Each page is one self-contained file: no script, no external
/// asset; callers escape everything they pass in from the repository (`HTMLText.escape`).
enum StrengthPage {
  /// The whole page of `verb`: `verdict` (`PASS`, `✗ FAIL`…) in the heading, `summary` (markup)
  /// under it, then `body`.
  static func document(verb: String, verdict: String, summary: String, style: String, body: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>\(Program.name) \(verb)</title>
    <style>\(style)</style></head><body>
    <h1>\(Program.name) \(verb): \(verdict)</h1>
    <p class="summary">\(summary)</p>

    """ + body + "</body></html>\n"
  }

  /// A source line in a `table.source`: its number, a mark column (`✗`, `-`, `+` or empty), the
  /// line escaped, and `note` (markup) under it; `kind` is the row's class, if any.
  static func sourceRow(_ number: Int, mark: String, _ text: String, kind: String?, note: String = "") -> String {
    "<tr\(kind.map { " class=\"\($0)\"" } ?? "")><td class=\"n\">\(number)</td><td class=\"m\">\(mark)</td>"
      + "<td><pre>\(HTMLText.escape(text))</pre>\(note)</td></tr>\n"
  }

  /// The style both pages start from (the page, its tables, source lines and unreached lines).
  static let style = """
    body { font: 15px/1.45 system-ui, sans-serif; color: #1d2330; background: #f6f7f9; margin: 0; padding: 24px 32px; }
    table { border-collapse: collapse; background: #fff; margin: 8px 0 24px; }
    th, td { border: 1px solid #d6dae1; padding: 4px 10px; text-align: left; vertical-align: top; }
    table.source td { border: none; padding: 0 8px; }
    table.source td.n { color: #7b8391; text-align: right; }
    pre { margin: 0; font: 13px ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; }
    tr.miss { background: #fde7e7; }
    td.m { color: #a3161b; font-weight: 600; }
    .note { color: #a3161b; font-size: 13px; }
    .summary { color: #4a5261; }
    """
}
