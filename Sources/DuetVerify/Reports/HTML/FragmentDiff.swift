import DuetCore

/// A compact line diff of the two sides of a divergence, in pretty canonical form: what the HTML
/// report shows under a failure so the reader sees the divergent value in its surroundings.
///
/// The fragments are those the failure recorded at the first divergent path (compact JSON, or `∅`
/// for a missing side); each is re-read and written pretty, then the lines are compared (longest
/// common subsequence) and only changed lines with a few lines of context are kept. Sizes are
/// capped, so a runner that answers with a huge value cannot make the page (or the diff) explode.
struct FragmentDiff: Equatable, Sendable {
  /// One line of the diff.
  struct Line: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
      /// The same on both sides.
      case context
      /// Only expected (the recording) has it.
      case expected
      /// Only actual (the runner) has it.
      case actual
      /// Lines left out (`…`), context or cut.
      case elided
    }

    var kind: Kind
    var text: String
  }

  /// The diff's lines, in order.
  var lines: [Line]

  /// Lines of context kept around each change.
  static let context = 3
  /// Lines read from each side at most; beyond that the side is cut with a note.
  static let maximumLines = 400

  /// The diff of one divergence.
  init(_ divergence: Divergence) {
    self.init(expected: Self.prettyLines(divergence.expected), actual: Self.prettyLines(divergence.actual))
  }

  /// The diff of two line lists.
  init(expected: [String], actual: [String]) {
    let cutExpected = expected.count > Self.maximumLines
    let cutActual = actual.count > Self.maximumLines
    let left = Array(expected.prefix(Self.maximumLines))
    let right = Array(actual.prefix(Self.maximumLines))
    lines = Self.compact(Self.align(left, right))
    if cutExpected || cutActual {
      lines.append(Line(kind: .elided, text: "… the rest is cut (more than \(Self.maximumLines) lines)"))
    }
  }

  /// A fragment as pretty canonical lines; a missing side has none, and text that does not read as
  /// JSON (a truncated fragment) is shown as it is.
  static func prettyLines(_ fragment: String) -> [String] {
    if fragment == "∅" { return [] }
    let text: String
    if let tree = try? JSONParser().parse(fragment), let pretty = try? CanonicalWriter.pretty(tree) {
      text = pretty
    } else {
      text = fragment
    }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
  }

  /// Every line of both sides, aligned on a longest common subsequence.
  static func align(_ left: [String], _ right: [String]) -> [Line] {
    let (n, m) = (left.count, right.count)
    // common[i][j]: the longest common subsequence of left[i...] and right[j...].
    var common = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        common[i][j] = left[i] == right[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var lines: [Line] = []
    var (i, j) = (0, 0)
    while i < n || j < m {
      if i < n, j < m, left[i] == right[j] {
        lines.append(Line(kind: .context, text: left[i]))
        (i, j) = (i + 1, j + 1)
      } else if j < m, i == n || common[i][j + 1] > common[i + 1][j] {
        lines.append(Line(kind: .actual, text: right[j]))
        j += 1
      } else {
        lines.append(Line(kind: .expected, text: left[i]))
        i += 1
      }
    }
    return lines
  }

  /// Changes with `context` lines around them; longer unchanged runs become one `…` line.
  static func compact(_ lines: [Line]) -> [Line] {
    let changed = lines.indices.filter { lines[$0].kind != .context }
    var keep = Set<Int>()
    for index in changed {
      for near in max(0, index - context)...min(lines.count - 1, index + context) { keep.insert(near) }
    }
    var result: [Line] = []
    var skipped = 0
    for (index, line) in lines.enumerated() {
      if keep.contains(index) {
        if skipped > 0 { result.append(elision(skipped)) }
        skipped = 0
        result.append(line)
      } else {
        skipped += 1
      }
    }
    if skipped > 0, !result.isEmpty { result.append(elision(skipped)) }
    return result
  }

  static func elision(_ count: Int) -> Line {
    Line(kind: .elided, text: "… \(count) unchanged line" + (count == 1 ? "" : "s"))
  }
}
