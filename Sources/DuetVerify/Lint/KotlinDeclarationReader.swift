/// Reads the wire names of a Kotlin declaration from source text: a `data class`'s constructor
/// `val`/`var` parameters, a `sealed interface`/`sealed class`'s subclasses and objects, an
/// `enum class`'s entries; `@SerialName` wins where given, and `@Transient` parameters are not
/// on the wire.
///
/// A sealed subclass without `@SerialName` is named as the Swift twin's case: its first letter
/// lower-cased (`data object Wave` is the case `wave`), the duet CLI's convention.
enum KotlinDeclarationReader {
  static let modifiers: Set<String> = [
    "public", "private", "internal", "protected", "open", "abstract", "final", "data", "sealed", "enum", "value",
    "inline", "override", "expect", "actual", "annotation", "inner",
  ]

  /// The declaration of the type named `name` (the last component of a dotted name), or nil.
  static func read(_ name: String, in tokens: [SourceToken]) -> DeclaredNames? {
    let simple = String(name.split(separator: ".").last ?? Substring(name))
    for index in tokens.indices.dropLast() {
      let keyword = tokens[index]
      guard keyword.isWord("class") || keyword.isWord("interface") || keyword.isWord("object"),
        tokens[index + 1].isWord(simple)
      else { continue }
      let header = prefix(before: index, tokens)
      let line = tokens[index + 1].line
      if header.modifiers.contains("enum"), let open = tokens.bodyOpening(from: index + 2) {
        return DeclaredNames(kind: "enum class", line: line, names: enumEntries(open, tokens))
      }
      if header.modifiers.contains("sealed") {
        return DeclaredNames(
          kind: "sealed \(keyword.text)", line: line, names: subtypes(of: simple, in: tokens))
      }
      if let open = constructorOpening(after: index + 2, tokens) {
        let kind = header.modifiers.contains("data") ? "data class" : keyword.text
        return DeclaredNames(kind: kind, line: line, names: constructorProperties(open, tokens))
      }
      return DeclaredNames(kind: keyword.text, line: line, names: [:])
    }
    return nil
  }

  /// The modifiers and annotations written before the keyword at `index` (on any lines).
  static func prefix(before index: Int, _ tokens: [SourceToken]) -> (modifiers: Set<String>, serialName: String?) {
    var modifiers: Set<String> = []
    var serialName: String?
    var cursor = index - 1
    while cursor >= 0 {
      let token = tokens[cursor]
      if token.kind == .word, Self.modifiers.contains(token.text) {
        modifiers.insert(token.text)
        cursor -= 1
      } else if token.isMark(")") {
        // The arguments of an annotation: `@SerialName("x")`.
        var open = cursor
        while open > 0, !tokens[open].isMark("(") { open -= 1 }
        guard open >= 2, tokens[open - 1].kind == .word, tokens[open - 2].isMark("@") else { break }
        if tokens[open - 1].text == "SerialName", open + 1 < cursor, tokens[open + 1].kind == .string {
          serialName = tokens[open + 1].text
        }
        cursor = open - 3
      } else if token.kind == .word, cursor >= 1, tokens[cursor - 1].isMark("@") {
        modifiers.insert("@" + token.text)
        cursor -= 2
      } else {
        break
      }
    }
    return (modifiers, serialName)
  }

  /// The `(` of the primary constructor after the type's name (past generics, annotations and
  /// `constructor`), or nil.
  static func constructorOpening(after start: Int, _ tokens: [SourceToken]) -> Int? {
    var index = start
    while index < tokens.count {
      let token = tokens[index]
      if token.isMark("(") { return index }
      if token.isMark("<") {
        index = tokens.skipGroup(at: index)
      } else if token.isMark("@") || token.isWord("constructor") || modifiers.contains(token.text) {
        index += 1
      } else if token.kind == .word, index > 0, tokens[index - 1].isMark("@") {
        index += 1
      } else {
        return nil
      }
    }
    return nil
  }

  /// The `val`/`var` parameters of the constructor opening at `open`, by wire name. A comma inside
  /// a parameter's generics splits nothing that matters: the part after it has no `val`.
  static func constructorProperties(_ open: Int, _ tokens: [SourceToken]) -> [String: Int] {
    var result: [String: Int] = [:]
    var keyword: Int?
    var depth = 0
    for index in open..<tokens.count {
      let token = tokens[index]
      if token.isMark("(") || token.isMark("[") || token.isMark("{") {
        depth += 1
      } else if token.isMark(")") || token.isMark("]") || token.isMark("}") {
        depth -= 1
        if depth == 0 { break }
      } else if depth == 1, token.isMark(",") {
        keyword = nil
      } else if depth == 1, keyword == nil, token.isWord("val") || token.isWord("var"), index + 1 < tokens.count,
        tokens[index + 1].kind == .word
      {
        keyword = index
        let annotations = prefix(before: index, tokens)
        if annotations.modifiers.contains("@Transient") { continue }
        result[annotations.serialName ?? tokens[index + 1].text] = tokens[index + 1].line
      }
    }
    return result
  }

  /// The entries of the `enum class` whose body opens at `open`, by wire name.
  static func enumEntries(_ open: Int, _ tokens: [SourceToken]) -> [String: Int] {
    var result: [String: Int] = [:]
    let body = tokens.topLevel(ofBodyAt: open)
    var expectEntry = true
    for index in body {
      let token = tokens[index]
      if token.isMark(";") { break }
      if token.isMark(",") {
        expectEntry = true
      } else if expectEntry, token.kind == .word, !tokens[index - 1].isMark("@") {
        let annotations = prefix(before: index, tokens)
        result[annotations.serialName ?? token.text] = token.line
        expectEntry = false
      }
    }
    return result
  }

  /// The classes and objects anywhere in the file whose supertypes include `name`, by wire name.
  static func subtypes(of name: String, in tokens: [SourceToken]) -> [String: Int] {
    var result: [String: Int] = [:]
    for index in tokens.indices.dropLast()
    where (tokens[index].isWord("class") || tokens[index].isWord("object")) && tokens[index + 1].kind == .word {
      let subtype = tokens[index + 1]
      guard subtype.text != name, supertypes(after: index + 2, tokens).contains(name) else { continue }
      let wire =
        prefix(before: index, tokens).serialName ?? (subtype.text.prefix(1).lowercased() + subtype.text.dropFirst())
      result[wire] = subtype.line
    }
    return result
  }

  /// The simple names of the supertypes listed after a declaration's name (past its generics and
  /// constructor).
  static func supertypes(after start: Int, _ tokens: [SourceToken]) -> [String] {
    var index = start
    if index < tokens.count, tokens[index].isMark("<") { index = tokens.skipGroup(at: index) }
    if let open = constructorOpening(after: index, tokens) { index = tokens.skipGroup(at: open) }
    guard index < tokens.count, tokens[index].isMark(":") else { return [] }
    index += 1
    var names: [String] = []
    while index < tokens.count, tokens[index].kind == .word {
      var last = tokens[index].text
      index += 1
      while index + 1 < tokens.count, tokens[index].isMark("."), tokens[index + 1].kind == .word {
        last = tokens[index + 1].text
        index += 2
      }
      names.append(last)
      if index < tokens.count, tokens[index].isMark("<") { index = tokens.skipGroup(at: index) }
      if index < tokens.count, tokens[index].isMark("(") { index = tokens.skipGroup(at: index) }
      guard index < tokens.count, tokens[index].isMark(",") else { break }
      index += 1
    }
    return names
  }
}
