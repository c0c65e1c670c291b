/// An error a user reads, kept as data until it is printed: who says it and the sentence, so one
/// renderer (`description`) writes the program's prefix once — `duet-verify: …` or
/// `duet-verify <verb>: …` — the way swift-argument-parser renders every error from one message.
///
/// An error type states only its sentence (`message`) and, when a verb speaks, which one
/// (`speaker`); it never spells the prefix itself.
protocol Diagnostic: Error, CustomStringConvertible {
  /// The verb the sentence speaks for (`explain`, `record --check`), or nil when the program does.
  var speaker: String? { get }
  /// The sentence without the prefix: what is wrong, where, and what to do next.
  var message: String { get }
}

extension Diagnostic {
  /// The program speaks unless the error says which verb does.
  var speaker: String? { nil }

  /// The sentence as printed: the prefix once, then the message.
  var description: String { Program.prefix(speaker) + message }
}
