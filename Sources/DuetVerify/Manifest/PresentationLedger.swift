/// The shape the duet CLI holds Duet's `presentation:` ledger to, checked so that a manifest
/// duet-verify accepts is not one the duet CLI rejects without a word.
///
/// duet-verify carries the ledger without interpreting it (its waivers and islands concern the
/// screens, not the reducers it replays), so a ledger the duet CLI would reject is a warning, not
/// an error: a block holding only `waivers:` and `islands:`, each empty, `[]`, or a list of entries
/// whose lines are all `key: value`.
enum PresentationLedger {
  static let sections = ["waivers", "islands"]

  /// A warning for each place in the `presentation:` entry the duet CLI rejects.
  static func problems(_ presentation: YAMLEntry, file: String) -> [LintProblem] {
    var found: [LintProblem] = []
    func reject(_ line: Int, _ what: String) {
      found.append(
        LintProblem(
          file: file, line: line,
          message: what + "; the duet CLI rejects this manifest there (\(Program.name) carries presentation: unread). "
            + "Write presentation: as waivers: and islands:, each [] or a list of '- key: value' entries."))
    }
    let entries: [YAMLEntry]
    switch presentation.value {
    case .empty: return []
    case .mapping(let list, _) where !list.isEmpty: entries = list
    default:
      reject(presentation.line, "presentation: holds \(presentation.value.kindPhrase), not the ledger's sections")
      return found
    }
    for section in entries {
      guard sections.contains(section.key) else {
        reject(section.line, "'\(section.key)' under presentation: is not a ledger section (waivers:, islands:)")
        continue
      }
      switch section.value {
      case .empty, .list([], _): continue
      case .list(let items, _):
        for item in items {
          for (line, what) in entryProblems(item, in: section.key) { reject(line, what) }
        }
      default:
        reject(section.line, "presentation's \(section.key): holds \(section.value.kindPhrase), not a list of entries")
      }
    }
    return found
  }

  /// What is wrong with one entry, line by line: it must be `key: value` lines (the first after
  /// `- `), none of them opening a block.
  static func entryProblems(_ item: YAMLNode, in section: String) -> [(line: Int, what: String)] {
    guard case .mapping(let keys, _) = item, !keys.isEmpty else {
      return [(item.line, "an entry of presentation's \(section): is \(item.kindPhrase), not 'key: value' lines")]
    }
    return keys.compactMap { key in
      switch key.value {
      case .scalar, .empty, .list([], _), .mapping([], _): return nil
      default:
        return (
          key.line, "'\(key.key)' in an entry of presentation's \(section): opens a block (\(key.value.kindPhrase))"
        )
      }
    }
  }
}
