import Foundation

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
    return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
