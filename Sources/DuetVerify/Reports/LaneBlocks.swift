/// The terminal's failure blocks of a run with several lanes: each lane's alike failures in one
/// block as in a one-runner run, the header naming the lane (`✗ [kotlin] fixture 'counter' …`) and
/// `next:` carrying `--lane`; then one line per parity break.
enum LaneBlocks {
  static func sections(_ whole: RunResult, style: TerminalStyle) -> [String] {
    var sections: [String] = []
    let mark = style.red("✗")
    for lane in whole.lanes {
      let flags = lane.run(within: whole).runFlags
      let failed = lane.fixtures.filter { $0.failure != nil && $0.failure?.reason != .notRun }
      for group in FailureGroup.groups(of: failed) {
        guard var lines = FailureGroupBlock.lines(group, style: style, runFlags: flags) else { continue }
        if lines[0].hasPrefix(mark) {
          lines[0] = mark + " [\(lane.platform.printable)]" + lines[0].dropFirst(mark.count)
        }
        sections.append(lines.joined(separator: "\n"))
      }
    }
    let breaks = whole.parityBreaks
    if !breaks.isEmpty {
      sections.append(breaks.map { ParityBreakLine.render($0, style: style) }.joined(separator: "\n"))
    }
    return sections
  }
}
