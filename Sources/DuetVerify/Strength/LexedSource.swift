/// A Swift file as the mutation planner sees it: its Unicode scalars, its tokens and where its
/// lines start, so offsets turn into the 1-based line and column (in scalars) the compiler shows.
struct LexedSource: Sendable {
  let scalars: [Unicode.Scalar]
  let tokens: [SwiftToken]
  /// The offset each line starts at; line 1 starts at 0.
  let lineStarts: [Int]

  init(scalars: [Unicode.Scalar], tokens: [SwiftToken]) {
    self.scalars = scalars
    self.tokens = tokens
    var starts = [0]
    for (offset, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(offset + 1) }
    lineStarts = starts
  }

  /// The 1-based line holding `offset`.
  func line(_ offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low + 1
  }

  /// `offset` as a 1-based line and column.
  func position(_ offset: Int) -> SourcePosition {
    let line = line(offset)
    return SourcePosition(line: line, column: offset - lineStarts[line - 1] + 1)
  }

  /// The text between two offsets.
  func text(_ start: Int, _ end: Int) -> String {
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars[max(0, start)..<min(end, scalars.count)])
    return String(text)
  }

  /// The offset just past the last scalar of `line` (before its newline).
  func lineEnd(_ line: Int) -> Int {
    line < lineStarts.count ? lineStarts[line] - 1 : scalars.count
  }

  /// The text of the 1-based `line`, without its newline.
  func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    return text(lineStarts[line - 1], lineEnd(line))
  }
}
