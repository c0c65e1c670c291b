/// A 1-based line and column (in Unicode scalars) in a source file.
struct SourcePosition: Hashable, Codable, Comparable, Sendable {
  var line: Int
  var column: Int

  static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// The index of `position` in `text`, if the text has it.
  static func index(_ position: SourcePosition, in text: String) -> String.Index? {
    var line = 1
    var index = text.startIndex
    while line < position.line {
      guard let newline = text.unicodeScalars[index...].firstIndex(of: "\n") else { return nil }
      index = text.unicodeScalars.index(after: newline)
      line += 1
    }
    var column = 1
    while column < position.column {
      guard index < text.endIndex, text.unicodeScalars[index] != "\n" else { return nil }
      index = text.unicodeScalars.index(after: index)
      column += 1
    }
    return index
  }

  /// The range from `start` to `end` in `text`.
  static func range(_ start: SourcePosition, _ end: SourcePosition, in text: String) -> Range<String.Index>? {
    guard let lower = index(start, in: text), let upper = index(end, in: text), lower <= upper else { return nil }
    return lower..<upper
  }
}
