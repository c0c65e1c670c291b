/// One token of Swift source, as the mutation planner reads it: enough to find a mutation site
/// and to know it is not inside a string, a comment or an `#if` block.
///
/// Comments and whitespace are not tokens; a string literal (interpolations included) or a
/// regex literal is one token, so nothing inside it can ever be taken for a site.
struct SwiftToken: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    /// A name or a keyword (`state`, `if`, `` `default` ``, `$0`).
    case identifier
    /// An integer literal (`40`, `0x1F`, `1_000`).
    case integer
    /// A floating-point literal (`1.5`, `1e3`, `0x1p4`): never mutated.
    case float
    /// A whole string literal: `"…"`, `"""…"""`, `#"…"#`, with its interpolations.
    case string
    /// A whole regex literal: `#/…/#`, or a bare `/…/` where one can start.
    case regex
    /// An operator (`<`, `==`, `&&`, `->`, `..<`, `?`).
    case operatorSymbol
    /// `(` `)` `[` `]` `{` `}` `,` `:` `;` `.` `\` and anything else on its own.
    case punctuation
    /// `@name`.
    case attribute
    /// `#name` other than a conditional-compilation directive (`#available`, `#selector`).
    case pound
  }

  var kind: Kind
  var text: String
  /// Offsets in the source's Unicode scalars: `start` inclusive, `end` exclusive.
  var start: Int
  var end: Int
  /// Inside an `#if` … `#endif` block (any of its branches).
  var conditional: Bool
  /// Whitespace (or the start or end of the file) right before and right after the token.
  var spaceBefore: Bool
  var spaceAfter: Bool

  /// True for a punctuation or operator token spelled `text`.
  func isSymbol(_ symbol: String) -> Bool {
    (kind == .punctuation || kind == .operatorSymbol) && text == symbol
  }

  /// True for an identifier (or keyword) spelled `word`.
  func isWord(_ word: String) -> Bool { kind == .identifier && text == word }
}
