/// One token of a Swift or Kotlin source file, as the declaration reader sees it: comments are
/// gone, a string literal is one token (its text kept when it is a plain one-line literal, so an
/// `@SerialName("…")` or a raw value can be read), and every other character is a word or a mark.
struct SourceToken: Equatable, Sendable {
  /// What the token is.
  enum Kind: Equatable, Sendable {
    /// An identifier or keyword (backquotes removed).
    case word
    /// A string literal; `text` is its content when it is a plain literal without escapes or interpolation.
    case string
    /// Any other single character (`{`, `(`, `:`, `,`, `@`, `=`, …); numbers are words.
    case mark
  }

  var kind: Kind
  var text: String
  /// The 1-based line the token starts on.
  var line: Int

  func isMark(_ mark: Character) -> Bool { kind == .mark && text.first == mark }
  func isWord(_ word: String) -> Bool { kind == .word && text == word }
}
