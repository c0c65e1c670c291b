import Foundation

/// The command of a failure block's `next:` line, repeating the flags of the run that the
/// suggested verb takes (`--manifest`, `--runner`, `--timeout` for `explain`), so copying it runs
/// against the same manifest and runner. Scope flags (`--feature`, `--shard`) are not repeated:
/// `explain` names one recording, which is scope enough.
enum NextHint {
  /// `duet-verify <verb> [operand] [flags…]`; `runFlags` are a `verify` command line's options
  /// (`ParsedArguments.flags`). Flags that no longer parse are left out rather than guessed at.
  static func command(_ verb: Verb, operand: String? = nil, runFlags: [String]) -> String {
    let carried = (try? ParsedArguments.read(runFlags[...], for: .verify))?.carried(to: verb) ?? []
    let words = [operand].compactMap { $0 } + carried
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
