/// The terminal's block for a group of alike failures: Duet's failure block for the first
/// recording (unchanged, its `next:` repeating the run's flags), the other recordings named in one
/// line under it, then the compact diff around the first divergence.
///
/// ```
/// ✗ fixture 'counter' step 1 'increment again' — state diverged
///   at expectedState.count
///   expected: 5   actual: 2
///   action: {"case":"increment"}
///   scenario: Tests/CounterScenario.swift:22
///   next: duet-verify explain counter#1 --runner .build/debug/replay-runner
///   and 2 more recordings failed alike: counter.fast#1, counter.slow#1
///   diff (- expected, + actual):
///       {
///     -   "count": 5,
///     +   "count": 2,
///         "isAutoIncrementing": false
///       }
/// ```
enum FailureGroupBlock {
  /// The block's lines; `nil` when the shown result passed.
  static func lines(_ group: FailureGroup, style: TerminalStyle, arguments: ParsedArguments) -> [String]? {
    guard var lines = FailureBlock.lines(for: group.shown, mark: style.red, arguments: arguments) else { return nil }
    if let alike = group.alikeLine { lines.append("  " + alike) }
    lines += diffLines(group.shown.failure?.diff, style: style, indent: "  ")
    return lines
  }

  /// `diff (- expected, + actual):` and the hunk under it, `-` lines red and `+` lines green when
  /// colour is on; nothing when there is no diff.
  static func diffLines(_ diff: [String]?, style: TerminalStyle, indent: String) -> [String] {
    guard let diff, !diff.isEmpty else { return [] }
    return [indent + "diff (- expected, + actual):"]
      + diff.map(\.printable).map { line in
        let coloured = line.hasPrefix("- ") ? style.red(line) : line.hasPrefix("+ ") ? style.green(line) : line
        return indent + "  " + coloured
      }
  }
}
