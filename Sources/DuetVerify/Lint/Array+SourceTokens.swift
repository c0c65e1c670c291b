/// Token-stream helpers both declaration readers share.
extension [SourceToken] {
  /// The index just past the bracket group opening at `open` (`(`, `[`, `{` or `<`), or the end.
  func skipGroup(at open: Int) -> Int {
    let pairs: [Character: Character] = ["(": ")", "[": "]", "{": "}", "<": ">"]
    guard open < count, let first = self[open].text.first, let closer = pairs[first] else { return open }
    var depth = 0
    var index = open
    while index < count {
      let token = self[index]
      if token.kind == .mark, let mark = token.text.first {
        if mark == first {
          depth += 1
        } else if mark == closer {
          depth -= 1
          if depth == 0 { return index + 1 }
        } else if first == "<", mark == "{" || mark == "}" || mark == ";" {
          return index  // a comparison, not generics
        }
      }
      index += 1
    }
    return count
  }

  /// The indexes of the tokens directly inside the `{ … }` opening at `open` (nesting depth 1);
  /// a bracket group at that depth is included as its opening and closing marks (so a reader sees
  /// that a group follows, and on which line it ends), its contents are not.
  func topLevel(ofBodyAt open: Int) -> [Int] {
    var result: [Int] = []
    var depth = 0
    for index in open..<count {
      let token = self[index]
      if token.kind == .mark, let mark = token.text.first {
        if mark == "{" || mark == "(" || mark == "[" {
          if depth == 1 { result.append(index) }
          depth += 1
          continue
        }
        if mark == "}" || mark == ")" || mark == "]" {
          depth -= 1
          if depth == 0 { return result }
          if depth == 1 { result.append(index) }
          continue
        }
      }
      if depth == 1 { result.append(index) }
    }
    return result
  }

  /// The first `{` at or after `start`, before any `}` or `;`.
  func bodyOpening(from start: Int) -> Int? {
    var index = start
    while index < count {
      if self[index].isMark("{") { return index }
      if self[index].isMark("}") || self[index].isMark(";") { return nil }
      if self[index].isMark("(") || self[index].isMark("<") {
        index = skipGroup(at: index)
        continue
      }
      index += 1
    }
    return nil
  }
}
