/// Rewrites one source file so that its schematized sites run the original or the mutant by
/// the active id, changing text only within lines: every line of the original keeps its number,
/// so a compiler error at `file:line` of the rewritten file names the mutants on that line.
///
/// An operator token becomes the mutant's generated operator; a literal becomes
/// `NS.int(id, original, mutant)` (or `bool`), generic over the literal protocol so
/// `let d: Double = 5` still compiles; a condition becomes `NS.flip(id, condition)`; a
/// dropped effect list gets `if NS.pick(id) { return [] }; ` before its `return`; a removed
/// statement is wrapped in `if !NS.pick(id) { … }`.
enum SchemaRewrite {
  /// One change to the text: replace `start..<end` (empty for an insertion) with `text`.
  struct Edit {
    var start: Int
    var end: Int
    var text: String
    /// At one offset: closing insertions (inner first), then opening ones (outer first), then replacements.
    var rank: Int
    var tie: Int
  }

  /// `source` rewritten for `sites` (each with its id), and the switch file's lines they need.
  static func rewrite(_ source: LexedSource, sites: [(id: Int, site: MutationSite)], namespace: String) -> (
    text: String, declarations: [String]
  ) {
    var edits: [Edit] = []
    var declarations: [String] = []
    for (id, site) in sites {
      let original = source.text(site.start, site.end)
      switch site.schema {
      case .binaryOperator(let precedence):
        edits.append(Edit(start: site.start, end: site.end, text: MutantSwitchFile.operatorName(id), rank: 2, tie: 0))
        declarations += MutantSwitchFile.operatorDeclarations(
          id: id, original: original, mutant: site.replacement, precedence: precedence, namespace: namespace)
      case .literal:
        let function = site.mutationOperator == .booleanLiteral ? "bool" : "int"
        let call = "\(namespace).\(function)(\(id), \(original), \(site.replacement))"
        edits.append(Edit(start: site.start, end: site.end, text: call, rank: 2, tie: 0))
      case .negatedCondition:
        edits += wrap(site, open: "\(namespace).flip(\(id), ", close: ")")
      case .droppedEffects(let returnStart):
        let guardText = "if \(namespace).pick(\(id)) { return [] }; "
        edits.append(Edit(start: returnStart, end: returnStart, text: guardText, rank: 1, tie: -returnStart))
      case .removedStatement:
        edits += wrap(site, open: "if !\(namespace).pick(\(id)) { ", close: " }")
      }
    }
    edits.sort { ($0.start, $0.rank, $0.tie) < ($1.start, $1.rank, $1.tie) }
    var text = String.UnicodeScalarView()
    var cursor = 0
    for edit in edits where edit.start >= cursor {
      text.append(contentsOf: source.scalars[cursor..<edit.start])
      text.append(contentsOf: edit.text.unicodeScalars)
      cursor = edit.end
    }
    text.append(contentsOf: source.scalars[cursor...])
    return (String(text), declarations)
  }

  private static func wrap(_ site: MutationSite, open: String, close: String) -> [Edit] {
    [
      Edit(start: site.start, end: site.start, text: open, rank: 1, tie: -site.end),
      Edit(start: site.end, end: site.end, text: close, rank: 0, tie: -site.start),
    ]
  }
}
