import DuetPlatform

/// The command of a failure block's `next:` line, rendered from the parsed arguments of the run:
/// the options the suggested verb takes too (`--manifest`, `--runner`, `--lane`, `--timeout` for
/// `explain`), so copying it runs against the same manifest, runner and lane. Scope options
/// (`--feature`, `--shard`) are not repeated: `explain` names one recording, which is scope enough.
enum NextHint {
  /// `duet-verify <verb> [operand] [options…]`, each word quoted as a shell reads it back.
  static func command(_ verb: Verb, operand: String? = nil, arguments: ParsedArguments) -> String {
    let words = [operand].compactMap { $0 } + arguments.carried(to: verb)
    return ([Program.name, verb.rawValue] + words.map(shellWord)).joined(separator: " ")
  }

  /// `word` as a POSIX shell reads it back: as-is when it holds only safe characters, otherwise in
  /// single quotes (a quote inside written `'\''`).
  static func shellWord(_ word: String) -> String {
    let safe =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "_@%+=:,./#-".unicodeScalars.contains(scalar))
      }
    return safe ? word : "'" + word.replacingEvery("'", with: "'\\''") + "'"
  }
}

extension NextHint {
  /// The run's own verb again, on `features` (the run's own `--feature`s when empty): the options
  /// it was given, but not those that write its reports (`--json`, `--junit`, `--html`), which a
  /// second run at a terminal should print rather than overwrite. The strength verbs' `next:` line:
  /// after a step is added where a report says, this command shows whether it now counts.
  static func again(_ arguments: ParsedArguments, features: [String]) -> String {
    var next = arguments
    for option in [Option.json, .junit, .html] { next.values[option] = nil }
    if !features.isEmpty { next.values[.feature] = features }
    return command(arguments.verb, arguments: next)
  }

  /// The `next:` line of a strength verb's report: its verb again on the features named (in order,
  /// once each); with a finding no feature owns (`nil` among them), on the run's own scope.
  static func againLine(_ arguments: ParsedArguments, features: [String?]) -> String {
    var named: [String] = []
    for feature in features {
      guard let feature else {
        named = []
        break
      }
      if !named.contains(feature) { named.append(feature) }
    }
    return "next: " + again(arguments, features: named).printable
  }
}
