/// The help texts, derived from the verb list and the option table: `duet-verify help` (the
/// overview) and `duet-verify help <verb>` / `<verb> --help` (its usage, description and options).
enum Usage {
  /// The overview: every verb with what it does.
  static var overview: String {
    let rows = Verb.allCases.map(\.overview)
    let width = rows.map(\.shape.count).max() ?? 0
    let verbs = rows.map { "  " + $0.shape.padded(toLength: width + 2) + $0.summary }
    return """
      usage: \(Program.name) <verb> [options]     (verify when no verb is given)

      verbs:
      \(verbs.joined(separator: "\n"))

      `\(Program.name) <verb> --help` lists a verb's options; -- ends the options.
      exit codes: 0 passed · 1 the gate failed · 2 usage error or nothing to verify
      """
  }

  /// One verb's help: usage lines, what it does, then one line per option it takes.
  static func text(for verb: Verb) -> String {
    let usage = verb.synopsis.enumerated().map {
      ($0.offset == 0 ? "usage: " : "       ") + "\(Program.name) " + $0.element
    }
    let options = Option.taken(by: verb).map { option in
      let short = Option.shortNames.first { $0.value == option }.map { ", " + $0.key } ?? ""
      return (option.rawValue + short + (option.row.value.placeholder.map { " " + $0 } ?? ""), option.row.help)
    }
    let width = options.map(\.0.count).max() ?? 0
    let lines = options.map { "  " + $0.0.padded(toLength: width + 2) + $0.1 }
    return usage.joined(separator: "\n") + "\n\n" + verb.description + "\n\noptions:\n" + lines.joined(separator: "\n")
  }
}
