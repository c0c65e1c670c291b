/// What follows an option on the command line, and how its text is checked.
///
/// Values are checked while parsing, so a verb only ever sees well-formed ones.
enum OptionValue: Equatable, Sendable {
  /// A switch: nothing follows.
  case none
  /// Any text (a path, a command, a name); the placeholder is what help shows.
  case text(String)
  /// A whole number of `noun` within a range.
  case count(String, ClosedRange<Int>, noun: String)
  /// A positive number of seconds, at most a day.
  case seconds(String)
  /// `K/N` with 1 ≤ K ≤ N, or `auto` (the CI engine's variables).
  case shard(String)

  /// The placeholder help shows after the option (`PATH`), or nil for a switch.
  var placeholder: String? {
    switch self {
    case .none: return nil
    case .text(let name), .count(let name, _, _), .seconds(let name), .shard(let name): return name
    }
  }

  /// True when `text` is a value of this kind.
  func accepts(_ text: String) -> Bool {
    switch self {
    case .none: return false
    case .text: return !text.isEmpty
    case .count(_, let range, _): return Int(text).map(range.contains) ?? false
    case .seconds:
      guard let seconds = Double(text) else { return false }
      return seconds.isFinite && seconds > 0 && seconds <= 86_400
    case .shard: return text == "auto" || Shard.parse(text) != nil
    }
  }

  /// What a well-formed value is, for the sentence refusing another (`--jobs needs …`).
  func expectation(for option: Option) -> String {
    switch self {
    case .none, .text: return "a value that is not empty"
    case .count(_, let range, let noun):
      return "a whole number of \(noun) from \(range.lowerBound) to \(range.upperBound)"
    case .seconds: return "a positive number of seconds"
    case .shard(let placeholder):
      return "\(placeholder) with 1 ≤ K ≤ N (e.g. \(option.rawValue) 2/4), or auto"
    }
  }
}
