/// The sites that span more than a token: a negated `if`/`guard` condition, a dropped effect
/// list and a removed state assignment.
extension MutationSiteFinder {
  /// `if c {` / `guard c else`: only a plain boolean condition (no `let`, `var`, `case`,
  /// `try`, `await`, `#available`, no comma list).
  func conditionSite(at index: Int) -> MutationSite? {
    if let before = previous(index), before.isSymbol(".") { return nil }
    let guarding = tokens[index].text == "guard"
    var cursor = index + 1
    var last: Int?
    while cursor < tokens.count {
      let token = tokens[cursor]
      if guarding ? token.isWord("else") : token.isSymbol("{") { break }
      if context.blocked[cursor] || token.isSymbol(",") || token.isSymbol(";") || token.isSymbol("}") { return nil }
      if let close = context.partner[cursor], close > cursor {
        guard (cursor...close).allSatisfy({ !context.blocked[$0] }) else { return nil }
        last = close
        cursor = close + 1
        continue
      }
      last = cursor
      cursor += 1
    }
    guard cursor < tokens.count, let last, let first = next(index) else { return nil }
    if first.kind == .pound || ["let", "var", "case", "try", "await"].contains(first.text) { return nil }
    let start = first.start
    let end = tokens[last].end
    return MutationSite(
      mutationOperator: .negatedCondition, start: start, end: end, replacement: "!(\(source.text(start, end)))",
      schema: .negatedCondition)
  }

  /// `return [ … ]` with a non-empty array literal that is the whole returned value.
  func effectsSite(at index: Int) -> MutationSite? {
    guard let open = next(index), open.isSymbol("["), context.line(index + 1) == context.line(index),
      let close = context.partner[index + 1], close > index + 2
    else { return nil }
    var cursor = index + 2
    while cursor < close {
      let token = tokens[cursor]
      // `[key: value]` is a dictionary, not an effect list.
      if token.isSymbol(":"), !token.spaceBefore { return nil }
      if token.conditional { return nil }
      if let inner = context.partner[cursor], inner > cursor {
        cursor = inner + 1
      } else {
        cursor += 1
      }
    }
    guard endsStatement(close) else { return nil }
    return MutationSite(
      mutationOperator: .droppedEffects, start: open.start, end: tokens[close].end, replacement: "[]",
      schema: .droppedEffects(returnStart: tokens[index].start))
  }

  /// `state.x = …` (or `state[i].y = …`, `state = …`) as a whole statement.
  func assignmentSite(at index: Int) -> MutationSite? {
    if let before = previous(index) {
      let labelEnd = before.isSymbol(":") && context.blocked[index - 1]
      let statementStart =
        context.line(index - 1) != context.line(index) || before.isSymbol("{") || before.isSymbol(";")
        || before.isWord("in") || labelEnd
      guard statementStart else { return nil }
    }
    var cursor = index + 1
    while cursor < tokens.count {
      if tokens[cursor].isSymbol("."), cursor + 1 < tokens.count, tokens[cursor + 1].kind == .identifier,
        !tokens[cursor].spaceBefore, !tokens[cursor].spaceAfter
      {
        cursor += 2
      } else if tokens[cursor].isSymbol("["), !tokens[cursor].spaceBefore, let close = context.partner[cursor],
        close > cursor
      {
        cursor = close + 1
      } else {
        break
      }
    }
    guard cursor + 1 < tokens.count, tokens[cursor].kind == .operatorSymbol, tokens[cursor].text == "=",
      tokens[cursor].spaceBefore, tokens[cursor].spaceAfter
    else { return nil }
    var last = cursor + 1
    while true {
      if let close = context.partner[last], close > last { last = close }
      if endsStatement(last) { break }
      last += 1
    }
    guard (index...last).allSatisfy({ !tokens[$0].conditional }) else { return nil }
    let start = tokens[index].start
    let end = tokens[last].end
    return MutationSite(
      mutationOperator: .removedAssignment, start: start, end: end, replacement: "", schema: .removedStatement)
  }

  /// True when the statement holding token `index` ends with it: the file ends, a `;` or a
  /// closing bracket follows, or the next line starts something new (not `.member`, not a
  /// binary operator continuing the expression).
  func endsStatement(_ index: Int) -> Bool {
    guard let after = next(index) else { return true }
    if after.isSymbol(";") || after.isSymbol("}") || after.isSymbol(")") || after.isSymbol("]") { return true }
    guard context.line(index + 1) != context.line(index) else { return false }
    let token = tokens[index]
    if token.kind == .operatorSymbol, token.spaceBefore { return false }
    if after.isSymbol(".") { return false }
    if after.kind == .operatorSymbol, after.spaceAfter { return false }
    return true
  }
}
