/// Reads the wire names of a Swift `struct` (its stored properties) or `enum` (its cases) from
/// source text, honouring a nested `CodingKeys` and string raw values, as Codable writes them.
enum SwiftDeclarationReader {
  /// The declaration of the type named `name` (the last component of a dotted name), or nil.
  static func read(_ name: String, in tokens: [SourceToken]) -> DeclaredNames? {
    let simple = String(name.split(separator: ".").last ?? Substring(name))
    for index in tokens.indices.dropLast() {
      let keyword = tokens[index]
      guard keyword.isWord("struct") || keyword.isWord("enum"), tokens[index + 1].isWord(simple),
        let open = tokens.bodyOpening(from: index + 2)
      else { continue }
      let body = tokens.topLevel(ofBodyAt: open)
      let line = tokens[index + 1].line
      if keyword.text == "struct" {
        var names = storedProperties(body, tokens)
        if let keys = codingKeys(body, tokens) {
          var wire: [String: Int] = [:]
          for (property, key) in keys { wire[key.wire] = names[property] ?? key.line }
          names = wire
        }
        return DeclaredNames(kind: "struct", line: line, names: names)
      }
      let keys = codingKeys(body, tokens)
      var names: [String: Int] = [:]
      for (item, caseLine) in enumCases(body, tokens) { names[keys?[item.name]?.wire ?? item.wire] = caseLine }
      return DeclaredNames(kind: "enum", line: line, names: names)
    }
    return nil
  }

  /// An enum case: its name in source and its name on the wire (a string raw value when given).
  struct Case: Hashable {
    var name: String
    var wire: String
  }

  /// Each `case` of the enum whose body's top-level tokens are `body`, by name, with its line.
  static func enumCases(_ body: [Int], _ tokens: [SourceToken]) -> [Case: Int] {
    var result: [Case: Int] = [:]
    var position = 0
    while position < body.count {
      guard tokens[body[position]].isWord("case") else {
        position += 1
        continue
      }
      position += 1
      // case a, b(Int), c = "x"
      while position < body.count, tokens[body[position]].kind == .word {
        let name = tokens[body[position]]
        position += 1
        // An associated-value group: its opening and closing (the contents are not top level).
        if position < body.count, tokens[body[position]].isMark("(") { position += 2 }
        var wire = name.text
        if position + 1 < body.count, tokens[body[position]].isMark("=") {
          if tokens[body[position + 1]].kind == .string, !tokens[body[position + 1]].text.isEmpty {
            wire = tokens[body[position + 1]].text
          }
          position += 2
        }
        result[Case(name: name.text, wire: wire)] = name.line
        guard position < body.count, tokens[body[position]].isMark(",") else { break }
        position += 1
      }
    }
    return result
  }

  /// The nested `enum CodingKeys`, by property or case name: its wire name and line.
  static func codingKeys(_ body: [Int], _ tokens: [SourceToken]) -> [String: (wire: String, line: Int)]? {
    for (position, index) in body.enumerated().dropLast()
    where tokens[index].isWord("enum") && tokens[body[position + 1]].isWord("CodingKeys") {
      guard let open = tokens.bodyOpening(from: body[position + 1] + 1) else { return nil }
      let cases = enumCases(tokens.topLevel(ofBodyAt: open), tokens)
      return Dictionary(cases.map { ($0.key.name, (wire: $0.key.wire, line: $0.value)) }) { first, _ in first }
    }
    return nil
  }

  static let modifiers: Set<String> = [
    "public", "private", "fileprivate", "internal", "package", "open", "final", "lazy", "weak", "unowned",
    "nonisolated", "override", "set", "unsafe",
  ]

  /// The stored `var`/`let` properties among a struct body's top-level tokens (not `static`, not
  /// computed; a property with `willSet`/`didSet` observers is stored).
  static func storedProperties(_ body: [Int], _ tokens: [SourceToken]) -> [String: Int] {
    var result: [String: Int] = [:]
    for (position, index) in body.enumerated() where tokens[index].isWord("var") || tokens[index].isWord("let") {
      if isStatic(before: position, body, tokens) { continue }
      var names: [SourceToken] = []
      var expectName = true
      var assigned = false
      var computed = false
      var previous = tokens[index]
      var cursor = position + 1
      while cursor < body.count {
        let token = tokens[body[cursor]]
        if token.line > previous.line, !continues(previous, token) { break }
        if token.isMark(";") { break }
        if expectName, token.kind == .word {
          names.append(token)
          expectName = false
        } else if token.isMark("=") {
          assigned = true
        } else if token.isMark(",") {
          expectName = true
          assigned = false
        } else if token.isMark("{"), !assigned {
          let inside = body[cursor] + 1 < tokens.count ? tokens[body[cursor] + 1] : token
          computed = !(inside.isWord("willSet") || inside.isWord("didSet"))
          break
        }
        previous = token
        cursor += 1
      }
      if computed { continue }
      for name in names { result[name.text] = name.line }
    }
    return result
  }

  /// True when the declaration keyword at `position` has `static` or `class` among its modifiers.
  static func isStatic(before position: Int, _ body: [Int], _ tokens: [SourceToken]) -> Bool {
    var cursor = position - 1
    let line = tokens[body[position]].line
    while cursor >= 0, tokens[body[cursor]].line == line {
      let token = tokens[body[cursor]]
      if token.isWord("static") || token.isWord("class") { return true }
      if token.kind == .word, !modifiers.contains(token.text), tokens[body[cursor] - 1].isMark("@") == false {
        return false
      }
      cursor -= 1
    }
    return false
  }

  /// True when `next`, on a later line than `previous`, still belongs to the same declaration.
  static func continues(_ previous: SourceToken, _ next: SourceToken) -> Bool {
    let joiners: Set<String> = [",", "=", ":", ".", "-", ">", "&", "|", "?", "(", "["]
    return (previous.kind == .mark && joiners.contains(previous.text))
      || (next.kind == .mark && (next.text == "." || next.text == "=" || next.text == ":" || next.text == "{"))
  }
}
