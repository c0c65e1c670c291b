/// Splits a command line into words the way a POSIX shell does for simple commands: whitespace
/// separates words, single quotes keep everything literally, double quotes keep spaces and honour
/// `\"`, `\\`, `\$` and `` \` ``, and a backslash outside quotes escapes the next character.
///
/// `--runner "java -jar build/runner.jar"` must work without handing the string to a shell (no
/// expansion, no injection): this is the only shell behaviour the verifier reproduces.
enum ShellWords {
  /// Why a command line could not be split: which quote was left open, in which text.
  enum SplitError: Error, Equatable, Sendable, CustomStringConvertible {
    case unterminatedSingleQuote(text: String)
    case unterminatedDoubleQuote(text: String)

    var description: String {
      switch self {
      case .unterminatedSingleQuote(let text): return "the runner command has an unterminated single quote: \(text)"
      case .unterminatedDoubleQuote(let text): return "the runner command has an unterminated double quote: \(text)"
      }
    }
  }

  /// The words of `text`.
  static func split(_ text: String) throws(SplitError) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var iterator = Array(text).makeIterator()
    while let character = iterator.next() {
      switch character {
      case " ", "\t", "\n":
        if inWord {
          words.append(current)
          current = ""
          inWord = false
        }
      case "'":
        inWord = true
        guard appendQuoted(by: "'", from: &iterator, to: &current) else { throw .unterminatedSingleQuote(text: text) }
      case "\"":
        inWord = true
        guard appendQuoted(by: "\"", from: &iterator, to: &current) else { throw .unterminatedDoubleQuote(text: text) }
      case "\\":
        inWord = true
        if let escaped = iterator.next() { current.append(escaped) }
      default:
        inWord = true
        current.append(character)
      }
    }
    if inWord { words.append(current) }
    return words
  }

  /// Appends the quoted text after an opening `quote` to `word`, through its closing quote; false
  /// when the text ends first. Inside double quotes a backslash escapes `"`, `\`, `$` and `` ` ``
  /// and is kept before any other character; inside single quotes everything is literal.
  private static func appendQuoted(
    by quote: Character, from characters: inout IndexingIterator<[Character]>, to word: inout String
  ) -> Bool {
    while let next = characters.next() {
      if next == quote { return true }
      if quote == "\"", next == "\\" {
        guard let escaped = characters.next() else { return false }
        if !"\"\\$`".contains(escaped) { word.append("\\") }
        word.append(escaped)
      } else {
        word.append(next)
      }
    }
    return false
  }
}
