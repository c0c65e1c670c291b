import Foundation

/// The YAML the README's workflow recipes are written in, read into a tree: block mappings and
/// sequences by indentation, `|` block scalars, and `[a, b]` flow lists; any other value (a flow
/// mapping such as `{ distribution: temurin }` included) stays the scalar text it is. Enough for
/// GitHub Actions workflows as the README writes them, and nothing a YAML library would add.
indirect enum RecipeYAML: Equatable {
  case scalar(String)
  case list([RecipeYAML])
  case map([String: RecipeYAML], order: [String])

  /// The value at `key` of a mapping, nil for anything else.
  subscript(key: String) -> RecipeYAML? {
    if case .map(let entries, _) = self { return entries[key] }
    return nil
  }

  /// A scalar's text, nil for a list or a mapping.
  var text: String? {
    if case .scalar(let value) = self { return value }
    return nil
  }

  /// A list's items (a scalar is a list of itself), empty for a mapping.
  var items: [RecipeYAML] {
    switch self {
    case .list(let items): return items
    case .scalar: return [self]
    case .map: return []
    }
  }

  /// A mapping's keys in the order written.
  var keys: [String] {
    if case .map(_, let order) = self { return order }
    return []
  }

  /// Parses `text`; a line it cannot place is a thrown sentence naming the line.
  static func parse(_ text: String) throws -> RecipeYAML {
    var lines: [(indent: Int, text: String)] = text.components(separatedBy: "\n").map { raw in
      let indent = raw.prefix(while: { $0 == " " }).count
      return (indent, String(raw.dropFirst(indent)))
    }
    var index = 0
    skipBlank(&lines, &index)
    guard index < lines.count else { return .map([:], order: []) }
    return try block(&lines, &index, indent: lines[index].indent)
  }

  private static func skipBlank(_ lines: inout [(indent: Int, text: String)], _ index: inout Int) {
    while index < lines.count, lines[index].text.isEmpty || lines[index].text.hasPrefix("#") { index += 1 }
  }

  private static func block(_ lines: inout [(indent: Int, text: String)], _ index: inout Int, indent: Int) throws
    -> RecipeYAML
  {
    if lines[index].text == "-" || lines[index].text.hasPrefix("- ") {
      var items: [RecipeYAML] = []
      while index < lines.count, lines[index].indent == indent,
        lines[index].text == "-" || lines[index].text.hasPrefix("- ")
      {
        let rest = String(lines[index].text.dropFirst(2))
        if splitKey(rest) == nil {
          items.append(plain(rest))
          index += 1
        } else {
          lines[index] = (indent + 2, rest)
          items.append(try block(&lines, &index, indent: indent + 2))
        }
        skipBlank(&lines, &index)
      }
      return .list(items)
    }
    var entries: [String: RecipeYAML] = [:]
    var order: [String] = []
    while index < lines.count, lines[index].indent == indent {
      guard let (key, value) = splitKey(lines[index].text) else {
        throw RecipeError("line '\(lines[index].text)' is neither `key: value` nor `- item`")
      }
      index += 1
      if value == "|" {
        var body: [String] = []
        while index < lines.count, lines[index].indent > indent || lines[index].text.isEmpty {
          body.append(String(repeating: " ", count: lines[index].indent) + lines[index].text)
          index += 1
        }
        let margin =
          body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
          .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        entries[key] = .scalar(body.map { String($0.dropFirst(margin)) }.joined(separator: "\n"))
      } else if value.isEmpty {
        skipBlank(&lines, &index)
        if index < lines.count,
          lines[index].indent > indent
            || (lines[index].indent == indent && lines[index].text.hasPrefix("- "))
        {
          entries[key] = try block(&lines, &index, indent: lines[index].indent)
        } else {
          entries[key] = .scalar("")
        }
      } else {
        entries[key] = plain(value)
      }
      order.append(key)
      skipBlank(&lines, &index)
    }
    return .map(entries, order: order)
  }

  /// `key: value` split at the first `: ` (or a trailing `:`); nil when the line is no mapping entry.
  private static func splitKey(_ line: String) -> (String, String)? {
    if line.hasSuffix(":"), !line.contains(": ") { return (String(line.dropLast()), "") }
    guard let range = line.range(of: ": ") else { return nil }
    let key = String(line[..<range.lowerBound])
    guard !key.isEmpty, !key.contains(" ") || key.hasPrefix("\"") else { return nil }
    return (key, String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces))
  }

  private static func plain(_ value: String) -> RecipeYAML {
    if value.hasPrefix("["), value.hasSuffix("]") {
      let inner = value.dropFirst().dropLast()
      return .list(inner.split(separator: ",").map { plain($0.trimmingCharacters(in: .whitespaces)) })
    }
    if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
      return .scalar(String(value.dropFirst().dropLast()))
    }
    return .scalar(value)
  }
}
