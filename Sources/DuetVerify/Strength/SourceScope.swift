/// The function and `switch` case a source line belongs to, found textually: the nearest `case`
/// (or `default:`) label at or above the line, no deeper indented than the line itself, and the
/// nearest `func` (or `init`) above both that is less indented than every line between (so one
/// that ended before the line is not named). Good enough for reducers, which are one `switch` over
/// the action; a label inside a string or comment can mislead it, never the counts.
enum SourceScope {
  /// The enclosing function (`func todoReducer`) and case (`case .clearTapped`) of `line`
  /// (1-based) in `lines`.
  static func enclosing(_ line: Int, in lines: [Substring]) -> (function: String?, switchCase: String?) {
    guard line >= 1, line <= lines.count else { return (nil, nil) }
    let depth = indentation(lines[line - 1])
    var switchCase: String?
    // The least indentation walked so far: a declaration above encloses the line only when it is
    // less indented than that (a top-level `let` after a struct's `init` is in no function). A
    // line opening with `)` or `]` closes a wrapped signature or call, not a scope.
    var floor = depth
    var index = line - 1
    while index >= 0 {
      let text = lines[index]
      let trimmed = text.drop { $0 == " " || $0 == "\t" }
      if let function = function(trimmed), index == line - 1 || indentation(text) < floor {
        return (function, switchCase)
      }
      if switchCase == nil, indentation(text) <= depth, let label = label(trimmed) { switchCase = label }
      if !trimmed.isEmpty, trimmed.first != ")", trimmed.first != "]" { floor = min(floor, indentation(text)) }
      index -= 1
    }
    return (nil, switchCase)
  }

  /// `case .x(let y)` for `case .x(let y): …` (the first colon outside brackets), `default` for
  /// `default:`, else nil.
  static func label(_ trimmed: Substring) -> String? {
    if trimmed.hasPrefix("default:") { return "default" }
    guard trimmed.hasPrefix("case ") else { return nil }
    var depth = 0
    for index in trimmed.indices {
      switch trimmed[index] {
      case "(", "[": depth += 1
      case ")", "]": depth -= 1
      case ":" where depth == 0:
        let label = trimmed[..<index].trimming(.whitespaces)
        return label == "case" ? nil : label
      default: break
      }
    }
    return nil
  }

  /// `func name` for a line declaring a function (after any modifiers), `init` for an
  /// initialiser, else nil.
  static func function(_ trimmed: Substring) -> String? {
    let words = trimmed.split(separator: " ", maxSplits: 8, omittingEmptySubsequences: true)
    for (index, word) in words.enumerated() {
      if word == "func", index + 1 < words.count {
        let name = words[index + 1].prefix { $0 != "(" && $0 != "<" }
        return name.isEmpty ? nil : "func \(name)"
      }
      if word.hasPrefix("init(") || word.hasPrefix("init<") || word.hasPrefix("init?(") { return "init" }
      guard modifiers.contains(String(word)) || word.hasPrefix("@") else { return nil }
    }
    return nil
  }

  private static let modifiers: Set<String> = [
    "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final", "override",
    "mutating", "nonmutating", "nonisolated", "dynamic", "convenience", "required", "private(set)",
  ]

  private static func indentation(_ line: Substring) -> Int {
    line.prefix { $0 == " " || $0 == "\t" }.count
  }
}
