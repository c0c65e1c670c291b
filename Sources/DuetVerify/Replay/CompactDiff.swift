import DuetCore

/// A few lines of the pretty canonical forms of expected and actual around their first difference,
/// as a snapshot-testing user reads one: `-` expected, `+` actual, unchanged lines of context.
///
/// Whole trees hide a one-character change in a large state; the first divergent path says where,
/// this says what it looks like in the file. Only the first hunk is kept (the gate stops at the
/// first divergence too); `explain <fixture>#<step>` prints the full trees.
enum CompactDiff {
  /// Unchanged lines shown before and after the change.
  static let context = 3
  /// Changed lines shown (both sides together) before the rest is counted instead.
  static let changedLimit = 16
  /// Longest line shown; a longer one is cut with `…`.
  static let lineLimit = 160
  /// Above this many lines between the common head and tail (either side), the change is shown as
  /// removed-then-added without aligning unchanged lines inside it (aligning is quadratic).
  static let alignLimit = 400

  /// The hunk for two compact canonical texts, or `nil` when either is not JSON the canonical
  /// writer accepts, or both print the same (the difference is in the bytes, not the value).
  static func lines(expected: String, actual: String) -> [String]? {
    guard let expectedLines = prettyLines(expected), let actualLines = prettyLines(actual) else { return nil }
    return hunk(expected: expectedLines, actual: actualLines)
  }

  static func prettyLines(_ text: String) -> [Substring]? {
    guard let tree = try? JSONParser().parse(text), let pretty = try? CanonicalWriter.pretty(tree) else { return nil }
    return pretty.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// The first hunk between two line lists: `  ` context, `- ` expected, `+ ` actual, and a `…`
  /// line when lines were left out.
  static func hunk(expected: [Substring], actual: [Substring]) -> [String]? {
    var head = 0
    while head < expected.count, head < actual.count, expected[head] == actual[head] { head += 1 }
    if head == expected.count, head == actual.count { return nil }
    var tail = 0
    while tail < min(expected.count, actual.count) - head,
      expected[expected.count - 1 - tail] == actual[actual.count - 1 - tail]
    {
      tail += 1
    }
    let removed = expected[head..<(expected.count - tail)]
    let added = actual[head..<(actual.count - tail)]
    var edits = align(removed, added)
    // Keep the first run of changes: stop at the first unchanged stretch longer than the context
    // on both sides of it.
    var end = 0
    var unchanged = 0
    var cut = false
    for (index, edit) in edits.enumerated() {
      if case .same = edit {
        unchanged += 1
        if unchanged > 2 * context, end > 0 {
          cut = true
          break
        }
      } else {
        unchanged = 0
        end = index + 1
      }
    }
    if cut {
      edits = Array(edits[..<(end + context)])
    } else {
      edits += expected[(expected.count - tail)...].map(Edit.same)
    }
    let before = expected[max(0, head - context)..<head].map(Edit.same)
    return render(before + trimmedTrailingContext(edits), cut: cut, skippedHead: head > context)
  }

  /// Unchanged lines after the last change, at most `context` of them.
  static func trimmedTrailingContext(_ edits: [Edit]) -> [Edit] {
    guard let last = edits.lastIndex(where: { if case .same = $0 { return false } else { return true } }) else {
      return edits
    }
    return Array(edits[...min(edits.count - 1, last + context)])
  }

  /// One line of the diff.
  enum Edit: Equatable {
    case same(Substring)
    case removed(Substring)
    case added(Substring)
  }

  /// The changed middle as edits: a longest-common-subsequence alignment when small enough,
  /// otherwise every expected line removed, then every actual line added.
  static func align(_ removed: ArraySlice<Substring>, _ added: ArraySlice<Substring>) -> [Edit] {
    let old = Array(removed)
    let new = Array(added)
    guard old.count <= alignLimit, new.count <= alignLimit, !old.isEmpty, !new.isEmpty else {
      return old.map(Edit.removed) + new.map(Edit.added)
    }
    // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
    var lengths = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var edits: [Edit] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        edits.append(.same(old[i]))
        i += 1
        j += 1
      } else if j == new.count || (i < old.count && lengths[i + 1][j] >= lengths[i][j + 1]) {
        edits.append(.removed(old[i]))
        i += 1
      } else {
        edits.append(.added(new[j]))
        j += 1
      }
    }
    return edits
  }

  /// The edits as text, changed lines capped at `changedLimit`.
  static func render(_ edits: [Edit], cut: Bool, skippedHead: Bool) -> [String] {
    var lines: [String] = skippedHead ? ["  …"] : []
    var shown = 0
    var hidden = 0
    for edit in edits {
      switch edit {
      case .same(let line):
        if hidden == 0 { lines.append("  " + shortened(line)) }
      case .removed(let line), .added(let line):
        if shown == changedLimit {
          hidden += 1
          continue
        }
        shown += 1
        lines.append((edit == .removed(line) ? "- " : "+ ") + shortened(line))
      }
    }
    if hidden > 0 {
      lines.append("  … \(hidden) more changed \(hidden == 1 ? "line" : "lines")")
    } else if cut {
      lines.append("  … (more differences further down)")
    }
    return lines
  }

  static func shortened(_ line: Substring) -> String {
    line.count > lineLimit ? String(line.prefix(lineLimit)) + "…" : String(line)
  }
}
