/// A command line `duet-verify` cannot run: exit 2 with one sentence saying what is wrong and what
/// to write instead.
///
/// The cases carry the facts; `message` is the one place they become sentences, and `Diagnostic`
/// adds the prefix.
enum CommandLineError: Diagnostic, Equatable, Sendable {
  /// The first argument names no verb.
  case unknownVerb(String)
  /// `help <topic>` names no verb.
  case unknownHelpTopic(String)
  /// An option no verb takes (or a misspelling).
  case unknownOption(Verb, String)
  /// An option of another verb.
  case notTakenBy(Verb, Option)
  /// An option that takes a value, last on the line (or followed by another option).
  case missingValue(Verb, Option)
  /// A switch written `--json=yes`.
  case unexpectedValue(Verb, Option)
  /// A value of the wrong kind (`--jobs 0`).
  case badValue(Verb, Option, String)
  /// A single-valued option given twice: never a silent last-wins.
  case givenTwice(Verb, Option, first: String?, second: String?)
  /// A repeatable option given the same value twice (`--runner X --runner X`: one lane each).
  case repeatedValue(Verb, Option, String)
  /// Two options that exclude each other.
  case conflicting(Verb, Option, Option, advice: String)
  /// An option that needs another beside it.
  case needs(Verb, Option, Option, advice: String)
  /// An argument that is not an option, where the verb takes none (or no more).
  case unexpectedArgument(Verb, String)

  var speaker: String? {
    switch self {
    case .unknownVerb: return nil
    case .unknownHelpTopic: return "help"
    case .unknownOption(let verb, _), .notTakenBy(let verb, _), .missingValue(let verb, _),
      .unexpectedValue(let verb, _), .badValue(let verb, _, _), .givenTwice(let verb, _, _, _),
      .repeatedValue(let verb, _, _),
      .conflicting(let verb, _, _, _), .needs(let verb, _, _, _), .unexpectedArgument(let verb, _):
      return verb.rawValue
    }
  }

  var message: String {
    switch self {
    case .unknownVerb(let word):
      return "unknown verb '\(word)'."
        + Suggestion.hint(for: word, among: Verb.allCases.map(\.rawValue))
        + " Run `\(Program.name) help` for the list of verbs."
    case .unknownHelpTopic(let word):
      return "unknown verb '\(word)'."
        + Suggestion.hint(for: word, among: Verb.allCases.map(\.rawValue))
        + " Run `\(Program.name) help` for the list."
    case .unknownOption(let verb, let word):
      return "unknown option '\(word)'."
        + Suggestion.hint(for: word, among: Option.taken(by: verb).map(\.rawValue))
        + " Run `\(Program.name) help \(verb.rawValue)` for its options."
    case .notTakenBy(let verb, let option):
      return "\(option.rawValue) is not an option of \(verb.rawValue) (it belongs to "
        + "\(option.verbNames)). Run `\(Program.name) help \(verb.rawValue)` for its options."
    case .missingValue(_, let option):
      return "\(option.rawValue) needs a value."
    case .unexpectedValue(_, let option):
      return "\(option.rawValue) takes no value."
    case .badValue(_, let option, let value):
      return "\(option.rawValue) needs \(option.row.value.expectation(for: option)), not '\(value)'."
    case .givenTwice(_, let option, let first, let second):
      let values = first.flatMap { first in second.map { " ('\(first)', then '\($0)')" } } ?? ""
      return "\(option.rawValue) is given twice\(values), but it takes one value. Give it once."
    case .repeatedValue(_, let option, let value):
      return "\(option.rawValue) '\(value)' is given twice, and each \(option.rawValue) is one lane. "
        + "Give each runner once (one \(option.rawValue) per platform)."
    case .conflicting(_, let first, let second, let advice):
      return "\(first.rawValue) and \(second.rawValue) cannot be combined; \(advice)."
    case .needs(_, let option, let needed, let advice):
      return "\(option.rawValue) only works with \(needed.rawValue); \(advice)."
    case .unexpectedArgument(let verb, let argument):
      return "unexpected argument '\(argument)'. \(verb.operandAdvice)"
    }
  }
}
