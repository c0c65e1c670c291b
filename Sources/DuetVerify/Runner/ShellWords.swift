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
        var closed = false
        while let next = iterator.next() {
          if next == "'" {
            closed = true
            break
          }
          current.append(next)
        }
        if !closed { throw .unterminatedSingleQuote(text: text) }
      case "\"":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "\"" {
            closed = true
            break
          }
          if next == "\\" {
            guard let escaped = iterator.next() else { break }
            if !"\"\\$`".contains(escaped) { current.append("\\") }
            current.append(escaped)
            continue
          }
          current.append(next)
        }
        if !closed { throw .unterminatedDoubleQuote(text: text) }
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
}
