/// Finds every mutation site of one Swift file, in source order, with the operators of
/// ``MutationOperator``. A binary operator counts only with whitespace on both sides (so
/// `Array<Int>`, `a?.b`, `a<b`, `->` and prefix or postfix operators never do), and nothing
/// in a blocked token (see ``MutationContext``) is ever a site.
struct MutationSiteFinder {
  let context: MutationContext
  var tokens: [SwiftToken] { context.tokens }
  var source: LexedSource { context.source }

  init(_ source: LexedSource) { context = MutationContext(source) }

  /// The sites of `text`, ordered by where they start (then by operator).
  static func sites(in source: LexedSource) -> [MutationSite] {
    let finder = MutationSiteFinder(source)
    var sites: [MutationSite] = []
    for index in finder.tokens.indices where !finder.context.blocked[index] {
      let found = finder.sites(at: index)
      guard !found.isEmpty else { continue }
      let kind: Mutant.SiteKind = finder.isStoredPropertyDefault(index) ? .storedPropertyDefault : .code
      sites += found.map { site in
        var site = site
        site.kind = kind
        return site
      }
    }
    let order = Dictionary(uniqueKeysWithValues: MutationOperator.allCases.enumerated().map { ($1, $0) })
    return sites.sorted { ($0.start, order[$0.mutationOperator] ?? 0) < ($1.start, order[$1.mutationOperator] ?? 0) }
  }

  /// The binary operators mutated: the replacement, the operator, and the precedence group.
  static let binary: [String: (String, MutationOperator, String)] = [
    "<": ("<=", .relationalBoundary, "ComparisonPrecedence"),
    "<=": ("<", .relationalBoundary, "ComparisonPrecedence"),
    ">": (">=", .relationalBoundary, "ComparisonPrecedence"),
    ">=": (">", .relationalBoundary, "ComparisonPrecedence"),
    "==": ("!=", .equality, "ComparisonPrecedence"),
    "!=": ("==", .equality, "ComparisonPrecedence"),
    "&&": ("||", .logical, "LogicalConjunctionPrecedence"),
    "||": ("&&", .logical, "LogicalDisjunctionPrecedence"),
    "+": ("-", .arithmetic, "AdditionPrecedence"),
    "-": ("+", .arithmetic, "AdditionPrecedence"),
    "+=": ("-=", .compoundAssignment, "AssignmentPrecedence"),
    "-=": ("+=", .compoundAssignment, "AssignmentPrecedence"),
  ]

  func sites(at index: Int) -> [MutationSite] {
    let token = tokens[index]
    switch token.kind {
    case .operatorSymbol:
      return binarySite(at: index).map { [$0] } ?? []
    case .integer:
      return integerSite(at: index).map { [$0] } ?? []
    case .identifier:
      var found: [MutationSite] = []
      if token.text == "true" || token.text == "false", let site = booleanSite(at: index) { found.append(site) }
      if token.text == "if" || token.text == "guard", let site = conditionSite(at: index) { found.append(site) }
      if token.text == "return", let site = effectsSite(at: index) { found.append(site) }
      if token.text == "state", let site = assignmentSite(at: index) { found.append(site) }
      return found
    default:
      return []
    }
  }

  func previous(_ index: Int) -> SwiftToken? { index > 0 ? tokens[index - 1] : nil }
  func next(_ index: Int) -> SwiftToken? { index + 1 < tokens.count ? tokens[index + 1] : nil }

  func binarySite(at index: Int) -> MutationSite? {
    let token = tokens[index]
    guard token.spaceBefore, token.spaceAfter, let (replacement, kind, precedence) = Self.binary[token.text],
      previous(index) != nil, let after = next(index)
    else { return nil }
    if kind == .arithmetic || kind == .compoundAssignment {
      // `"a" + b + c` and `list + [x]` join strings and arrays, which `-` cannot.
      guard !after.isSymbol("["), !joinsText(onLineOf: index) else { return nil }
    }
    return MutationSite(
      mutationOperator: kind, start: token.start, end: token.end, replacement: replacement,
      schema: .binaryOperator(precedence: precedence))
  }

  /// True when a `+` (or `+=`) on the line of token `index` has a string literal beside it: the
  /// line joins text, so none of its `+` is arithmetic.
  func joinsText(onLineOf index: Int) -> Bool {
    let line = context.line(index)
    var cursor = index
    while cursor > 0, context.line(cursor - 1) == line { cursor -= 1 }
    while cursor < tokens.count, context.line(cursor) == line {
      if tokens[cursor].text == "+" || tokens[cursor].text == "+=" {
        if previous(cursor)?.kind == .string || next(cursor)?.kind == .string { return true }
      }
      cursor += 1
    }
    return false
  }

  func integerSite(at index: Int) -> MutationSite? {
    let token = tokens[index]
    // `pair.0` is a member; `[3 of Int]` is a type.
    if let before = previous(index), before.isSymbol("."), before.end == token.start { return nil }
    if let after = next(index), after.isWord("of") { return nil }
    guard let value = Self.integerValue(token.text), value < UInt64.max else { return nil }
    // `-1` is one site, `-1` → `-2`: a call under a prefix `-` has no type to infer from.
    if index > 0, isPrefixMinus(index - 1) {
      return MutationSite(
        mutationOperator: .integerLiteral, start: tokens[index - 1].start, end: token.end,
        replacement: "-" + String(value + 1), schema: .literal)
    }
    return MutationSite(
      mutationOperator: .integerLiteral, start: token.start, end: token.end, replacement: String(value + 1),
      schema: .literal)
  }

  /// True for a prefix `-` right before the next token (`-1`, `(-1)`, `= -1`).
  func isPrefixMinus(_ index: Int) -> Bool {
    let token = tokens[index]
    guard token.kind == .operatorSymbol, token.text == "-", !token.spaceAfter, !context.blocked[index] else {
      return false
    }
    guard !token.spaceBefore, let before = previous(index) else { return true }
    return before.kind == .operatorSymbol || ["(", "[", "{", ",", ":", ";"].contains(before.text)
  }

  /// The value of an integer literal's text (`0x1F`, `1_000`, `0b101`), if it fits 64 bits.
  static func integerValue(_ text: String) -> UInt64? {
    let digits = text.filter { $0 != "_" }
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
      return UInt64(digits.dropFirst(2), radix: radix)
    }
    return UInt64(digits)
  }

  func booleanSite(at index: Int) -> MutationSite? {
    let token = tokens[index]
    if let before = previous(index), before.isSymbol("."), before.end == token.start { return nil }
    // `true:` is an argument label.
    if let after = next(index), after.isSymbol(":"), !after.spaceBefore { return nil }
    return MutationSite(
      mutationOperator: .booleanLiteral, start: token.start, end: token.end,
      replacement: token.text == "true" ? "false" : "true", schema: .literal)
  }
}
