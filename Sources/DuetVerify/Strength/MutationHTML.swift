/// The `mutate --html` page: the score and verdict, a table of every mutant by file with its
/// status (a word and a colour: colour is never the only mark), then each survivor's block with
/// the source lines around it, the mutated line shown beside its original. One self-contained
/// file: no script, no external asset; everything from the runner package is escaped.
enum MutationHTML {
  /// Source lines shown before and after a survivor's line.
  static let context = 3

  /// The page; `source` reads a file of the runner package by the path a ``Mutant`` carries.
  static func render(_ run: MutationRun, source: (String) -> String?) -> String {
    var page = ""
    if let line = run.nothingScoredLine { page += "<p>\(HTMLText.escape(line))</p>\n" }
    var files: [String] = []
    for result in run.results where !files.contains(result.mutant.file) { files.append(result.mutant.file) }
    for file in files {
      page += "<h2>\(HTMLText.escape(file))</h2>\n<table class=\"mutants\"><thead><tr><th>mutant</th>"
      page += "<th>at</th><th>operator</th><th>change</th><th>status</th><th>detail</th></tr></thead><tbody>\n"
      for result in run.results where result.mutant.file == file {
        let mutant = result.mutant
        let detail = result.detail ?? result.recording.map { "recording \($0)" } ?? ""
        page +=
          "<tr class=\"\(result.status.rawValue)\"><td>\(HTMLText.escape(mutant.id))</td>"
          + "<td>\(mutant.start.line):\(mutant.start.column)</td><td>\(mutant.mutationOperator.rawValue)</td>"
          + "<td><code>\(HTMLText.escape(MutantLines.change(mutant)))</code></td>"
          + "<td class=\"status\">\(result.status.rawValue)</td><td>\(HTMLText.escape(detail))</td></tr>\n"
      }
      page += "</tbody></table>\n"
    }
    let survivors = run.results.filter { $0.status == .survived }
    if !survivors.isEmpty { page += "<h2>Survivors (\(survivors.count))</h2>\n" }
    for result in survivors { page += survivorBlock(result, source: source(result.mutant.file)) }
    return StrengthPage.document(
      verb: "mutate", verdict: run.passed ? "✓ PASS" : "✗ FAIL", summary: HTMLText.escape(run.summaryLine),
      style: style, body: page)
  }

  /// A survivor: its block's sentences, then the source around its line with the mutated line
  /// under the original.
  static func survivorBlock(_ result: MutantResult, source: String?) -> String {
    let lines = MutantLines.survivorBlock(result, source: source)
    var block = "<section class=\"survivor\"><h3>\(HTMLText.escape(lines[0]))</h3>\n"
    for line in lines.dropFirst(3) { block += "<p>\(HTMLText.escape(line.trimming(.whitespaces)))</p>\n" }
    block += "<table class=\"source\"><tbody>\n"
    let mutant = result.mutant
    let text = source?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
    let first = max(1, mutant.start.line - context)
    let last = min(text.count, mutant.start.line + context)
    if text.isEmpty || mutant.start.line > text.count {
      block += StrengthPage.sourceRow(mutant.start.line, mark: "-", mutant.originalLine, kind: "old")
      block += StrengthPage.sourceRow(mutant.start.line, mark: "+", mutant.mutatedLine, kind: "new")
    } else {
      for number in first...last {
        if number == mutant.start.line {
          block += StrengthPage.sourceRow(number, mark: "-", text[number - 1], kind: "old")
          block += StrengthPage.sourceRow(number, mark: "+", mutant.mutatedLine, kind: "new")
        } else {
          block += StrengthPage.sourceRow(number, mark: "", text[number - 1], kind: nil)
        }
      }
    }
    return block + "</tbody></table></section>\n"
  }

  /// The strength pages' style (``StrengthPage``), plus the mutants' statuses and the survivors'
  /// diff rows.
  static let style =
    StrengthPage.style + "\n"
      + """
      code { font: 13px ui-monospace, "DejaVu Sans Mono", monospace; }
      tr.Killed td.status, tr.Timeout td.status, tr.RuntimeError td.status { color: #1a6b32; font-weight: 600; }
      tr.Survived { background: #fde7e7; }
      tr.Survived td.status { color: #a3161b; font-weight: 600; }
      tr.NoCoverage { background: #fff4d6; }
      tr.CompileError td.status { color: #6b7280; }
      tr.old { background: #fde7e7; }
      tr.new { background: #e3f5e8; }
      section.survivor { border-left: 4px solid #a3161b; padding: 4px 12px; margin: 12px 0; background: #fff; }
      """
}
