/// Where a site sits among declarations: whether it is the initial value of a stored property,
/// which a replay never evaluates the way a reducer's code is evaluated (each recording carries its
/// whole starting state), so a survivor there needs other advice.
extension MutationSiteFinder {
  /// True when token `index` lies in the initial value of a stored instance property: after the
  /// `=` of a `var` member, neither `static` nor `class`, of a `struct`, `class` or `actor` body.
  ///
  /// A `let` member with a value is left out: decoding never replaces it, so every state a replay
  /// starts from holds it and a reducer that reads it shows the change. Nor does a local `var` in a
  /// function body count, or a value inside a closure or an accessor.
  func isStoredPropertyDefault(_ index: Int) -> Bool {
    var cursor = index - 1
    var assigned = false
    while cursor >= 0 {
      let token = tokens[cursor]
      if let opener = context.partner[cursor], opener < cursor {
        // A closed bracket before the site (a call's arguments, a previous member's body).
        cursor = opener - 1
        continue
      }
      if token.isSymbol("{") || token.isSymbol("}") || token.isSymbol(";") { return false }
      if token.kind == .operatorSymbol, token.text == "=" { assigned = true }
      if token.kind == .identifier {
        if token.text == "var" {
          return assigned && !isTypeMember(declaredAt: cursor) && isStoredBody(enclosing: cursor)
        }
        if Self.otherDeclarations.contains(token.text) { return false }
      }
      cursor -= 1
    }
    return false
  }

  /// Keywords that start a member or statement other than a `var`: a site after one of them (and
  /// after no `var` in between) is not a stored property's value.
  static let otherDeclarations: Set<String> = [
    "let", "func", "init", "deinit", "subscript", "case", "typealias", "associatedtype", "struct", "class", "enum",
    "actor", "protocol", "extension", "if", "guard", "switch", "for", "while", "repeat", "return", "in", "get",
    "set", "willSet", "didSet",
  ]

  /// True when the `var` at `index` is declared `static` or `class` (its modifiers and attributes
  /// are read back to the start of the declaration).
  func isTypeMember(declaredAt index: Int) -> Bool {
    var cursor = index - 1
    while cursor >= 0 {
      let token = tokens[cursor]
      if let opener = context.partner[cursor], opener < cursor, token.isSymbol(")") {
        // `private(set)`, `@available(…)`: the modifier's argument.
        cursor = opener - 1
        continue
      }
      guard token.kind == .attribute || (token.kind == .identifier && Self.modifiers.contains(token.text)) else {
        return false
      }
      if token.text == "static" || token.text == "class" { return true }
      cursor -= 1
    }
    return false
  }

  /// Declaration modifiers that may stand before `var`.
  static let modifiers: Set<String> = [
    "public", "private", "fileprivate", "internal", "package", "open", "final", "lazy", "weak", "unowned",
    "nonisolated", "override", "dynamic", "static", "class", "required", "isolated",
  ]

  /// True when the innermost block holding token `index` is the body of a `struct`, `class` or
  /// `actor` (found by reading back from its `{` to the keyword of its header).
  func isStoredBody(enclosing index: Int) -> Bool {
    var cursor = index - 1
    while cursor >= 0 {
      if let opener = context.partner[cursor], opener < cursor {
        cursor = opener - 1
        continue
      }
      if tokens[cursor].isSymbol("{") { break }
      cursor -= 1
    }
    guard cursor >= 0 else { return false }
    cursor -= 1
    while cursor >= 0 {
      let token = tokens[cursor]
      if let opener = context.partner[cursor], opener < cursor {
        cursor = opener - 1
        continue
      }
      if token.isSymbol("{") || token.isSymbol("}") || token.isSymbol(";") || token.isSymbol("=") { return false }
      if token.kind == .identifier {
        if ["struct", "class", "actor"].contains(token.text) { return true }
        if Self.otherDeclarations.contains(token.text) || token.text == "var" { return false }
      }
      cursor -= 1
    }
    return false
  }
}
