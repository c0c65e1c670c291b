/// The options of a command line as arguments again, for hints that suggest another command: a
/// `next:` line repeats the manifest and runner the run used, so copying it works.
extension ParsedArguments {
  /// Every option given (except `--help` and `--version`), in table order, each value in the order
  /// given: `["--manifest", "app/manifest.yaml", "--runner", "./runner", "--feature", "a"]`.
  var flags: [String] {
    Option.allCases.filter { $0 != .help && $0 != .version }.flatMap { option -> [String] in
      guard let values = values[option] else { return [] }
      return option.row.value == .none ? [option.rawValue] : values.flatMap { [option.rawValue, $0] }
    }
  }

  /// The options given here that `verb` takes too (the option table decides), as arguments.
  func carried(to verb: Verb) -> [String] {
    var kept = self
    kept.values = values.filter { $0.key.row.verbs.contains(verb) }
    return kept.flags
  }
}

extension ParsedArguments {
  /// A `verify` command line with no options, for results rendered outside any run.
  static let none = ParsedArguments(verb: .verify)
}
