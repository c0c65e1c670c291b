/// The shapes the duet CLI holds Duet's `presentation:` ledger and `mocks:` section to, checked so
/// that a manifest duet-verify accepts is not one the duet CLI rejects without a word.
///
/// duet-verify carries both sections without interpreting them (the ledger's waivers and islands
/// concern the screens, the generator rows the mocks, not the reducers it replays), so a shape the
/// duet CLI would reject is a warning, not an error.
enum DuetSectionShapes {
  /// One place the duet CLI rejects: the line, and what is there.
  typealias Rejection = (line: Int, what: String)

  /// The warnings for a carried top-level section (`presentation:` or `mocks:`); none for another key.
  static func problems(_ section: YAMLEntry, file: String) -> [LintProblem] {
    let rejections: [Rejection]
    let form: String
    switch section.key {
    case "presentation":
      rejections = ledger(section)
      form = "presentation: as waivers: and islands:, each [] or a list of '- key: value' entries"
    case "mocks":
      rejections = mocks(section)
      form =
        "mocks: as 'key: value' lines and generators:, each generator a block of 'key: value' lines and "
        + "sources: and args: lists"
    default: return []
    }
    return rejections.map { rejection in
      LintProblem(
        file: file, line: rejection.line,
        message: rejection.what + "; the duet CLI rejects this manifest there (\(Program.name) carries "
          + "\(section.key): unread). Write \(form).")
    }
  }

  /// The ledger: a block holding only `waivers:` and `islands:`, each empty, `[]`, or a list of
  /// entries whose lines are all `key: value`.
  static func ledger(_ presentation: YAMLEntry) -> [Rejection] {
    guard let sections = block(presentation) else {
      return [(presentation.line, "presentation: holds \(presentation.value.kindPhrase), not the ledger's sections")]
    }
    return sections.flatMap { section -> [Rejection] in
      guard ["waivers", "islands"].contains(section.key) else {
        return [(section.line, "'\(section.key)' under presentation: is not a ledger section (waivers:, islands:)")]
      }
      switch section.value {
      case .empty, .list([], _): return []
      case .list(let items, _): return items.flatMap { ledgerEntry($0, in: section.key) }
      default:
        return [
          (section.line, "presentation's \(section.key): holds \(section.value.kindPhrase), not a list of entries")
        ]
      }
    }
  }

  /// A ledger entry: `key: value` lines (the first after `- `), none of them opening a block.
  static func ledgerEntry(_ item: YAMLNode, in section: String) -> [Rejection] {
    guard case .mapping(let keys, _) = item, !keys.isEmpty else {
      return [(item.line, "an entry of presentation's \(section): is \(item.kindPhrase), not 'key: value' lines")]
    }
    return keys.filter { opensBlock($0.value) }.map {
      ($0.line, "'\($0.key)' in an entry of presentation's \(section): opens a block (\($0.value.kindPhrase))")
    }
  }

  /// The mocks section: `key: value` lines and `generators:`, a block of rows, each row `key: value`
  /// lines and the `sources:` and `args:` lists.
  static func mocks(_ mocks: YAMLEntry) -> [Rejection] {
    guard let entries = block(mocks) else {
      return [(mocks.line, "mocks: holds \(mocks.value.kindPhrase), not its keys and generators:")]
    }
    return entries.flatMap { entry -> [Rejection] in
      guard entry.key == "generators" else {
        return opensBlock(entry.value)
          ? [
            (entry.line, "'\(entry.key)' under mocks: opens a block (\(entry.value.kindPhrase)); only generators: may")
          ]
          : []
      }
      if case .empty = entry.value { return [] }
      guard let rows = block(entry) else {
        return [(entry.line, "mocks' generators: holds \(entry.value.kindPhrase), not generator rows")]
      }
      return rows.flatMap(generatorRow)
    }
  }

  /// One generator row: `name:` over `key: value` lines and the `sources:` and `args:` lists.
  static func generatorRow(_ row: YAMLEntry) -> [Rejection] {
    if case .empty = row.value { return [] }
    guard let keys = block(row) else {
      return [(row.line, "the generator row '\(row.key)' holds \(row.value.kindPhrase), not 'key: value' lines")]
    }
    return keys.compactMap { key -> Rejection? in
      if ["sources", "args"].contains(key.key), case .list = key.value { return nil }
      guard opensBlock(key.value) else { return nil }
      return (key.line, "'\(key.key)' in the generator row '\(row.key)' opens a block (\(key.value.kindPhrase))")
    }
  }

  /// The entries of a block (`key:` over indented `key: value` lines); nil for anything else.
  static func block(_ entry: YAMLEntry) -> [YAMLEntry]? {
    switch entry.value {
    case .empty: return []
    case .mapping(let entries, _) where !entries.isEmpty: return entries
    default: return nil
    }
  }

  /// True for a value written as indented lines under its key (`[]` and `{}` are one-line values).
  static func opensBlock(_ value: YAMLNode) -> Bool {
    switch value {
    case .scalar, .empty, .list([], _), .mapping([], _): return false
    default: return true
    }
  }
}
