/// The scalar forms of the manifest grammar: plain, 'single-quoted', "double-quoted", `[]`, `{}`.
enum YAMLScalar {
  /// The node a value text stands for, or the sentence saying why it is not in the grammar.
  static func node(_ text: String, line: Int) -> Result<YAMLNode, YAMLSyntaxFailure> {
    // A value starting with an ASCII letter or digit (most do) starts with none of the forms below.
    if let first = text.utf8.first, NameRules.isLower(first | 0x20) || NameRules.isDigit(first) {
      return .success(.scalar(text, line: line))
    }
    if text == "[]" { return .success(.list([], line: line)) }
    if text == "{}" { return .success(.mapping([], line: line)) }
    if text.hasPrefix("[") {
      return .failure(
        YAMLSyntaxFailure(
          "inline lists other than '[]' are not part of the manifest grammar. Write one '- item' per line, "
            + "indented 2 spaces under the key."))
    }
    if text.hasPrefix("{") {
      return .failure(
        YAMLSyntaxFailure(
          "inline mappings other than '{}' are not part of the manifest grammar. Write one 'key: value' per line, "
            + "indented 2 spaces under the key."))
    }
    if text.hasPrefix("\"") { return doubleQuoted(text).map { .scalar($0, line: line) } }
    if text.hasPrefix("'") { return singleQuoted(text).map { .scalar($0, line: line) } }
    if let first = text.first, Self.isIndicator(first) {
      return .failure(
        YAMLSyntaxFailure(
          "'\(text)' starts with '\(first)', a YAML feature (anchors, tags, block scalars) the manifest grammar "
            + "does not have. Quote the value if '\(first)' is part of it."))
    }
    return .success(.scalar(text, line: line))
  }

  /// `&*!|>%@` and the backquote: YAML indicators the grammar does not have.
  static func isIndicator(_ first: Character) -> Bool {
    switch first {
    case "&", "*", "!", "|", ">", "%", "@", "`": return true
    default: return false
    }
  }

  static func doubleQuoted(_ text: String) -> Result<String, YAMLSyntaxFailure> {
    var result = ""
    var characters = text.dropFirst().makeIterator()
    while let character = characters.next() {
      switch character {
      case "\"":
        let rest = String(characters.map { $0 })
        if !rest.isEmpty { return .failure(trailing(rest, after: text)) }
        return .success(result)
      case "\\":
        switch characters.next() {
        case "\"": result.append("\"")
        case "\\": result.append("\\")
        case "n": result.append("\n")
        case "t": result.append("\t")
        case let other?:
          return .failure(
            YAMLSyntaxFailure(
              "the escape '\\\(other)' in \(text) is not supported. Use \\\", \\\\, \\n or \\t, or single quotes."))
        case nil: return .failure(unterminated(text))
        }
      default: result.append(character)
      }
    }
    return .failure(unterminated(text))
  }

  static func singleQuoted(_ text: String) -> Result<String, YAMLSyntaxFailure> {
    var result = ""
    let characters = Array(text.dropFirst())
    var index = 0
    while index < characters.count {
      if characters[index] == "'" {
        if index + 1 < characters.count, characters[index + 1] == "'" {
          result.append("'")
          index += 2
          continue
        }
        let rest = String(characters[(index + 1)...])
        if !rest.isEmpty { return .failure(trailing(rest, after: text)) }
        return .success(result)
      }
      result.append(characters[index])
      index += 1
    }
    return .failure(unterminated(text))
  }

  static func unterminated(_ text: String) -> YAMLSyntaxFailure {
    YAMLSyntaxFailure("the quoted value \(text) has no closing quote. Close it on the same line.")
  }

  static func trailing(_ rest: String, after text: String) -> YAMLSyntaxFailure {
    YAMLSyntaxFailure(
      "'\(rest.trimmingLeadingSpaces)' follows the closing quote in \(text). Put everything inside the quotes, "
        + "or start a comment with ' #'.")
  }
}

extension String {
  var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
