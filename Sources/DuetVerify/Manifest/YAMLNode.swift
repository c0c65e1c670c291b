/// A value in the manifest's small YAML subset: a scalar, a mapping, a list, or nothing.
///
/// The manifest reader interprets the sections it knows; Duet's `presentation` and `mocks`
/// sections are carried as these trees, uninterpreted, so a Duet manifest parses unchanged and a
/// later tool can read them.
enum YAMLNode: Equatable, Sendable {
  /// A plain or quoted scalar, already unquoted.
  case scalar(String, line: Int)
  /// A mapping, entries in file order (duplicates kept so the reader can name both lines).
  case mapping([YAMLEntry], line: Int)
  /// A list, in file order.
  case list([YAMLNode], line: Int)
  /// `key:` with nothing under it.
  case empty(line: Int)

  /// The line the value starts on.
  var line: Int {
    switch self {
    case .scalar(_, let line), .mapping(_, let line), .list(_, let line), .empty(let line): return line
    }
  }

  /// A short phrase for error messages (`a list`, `a mapping`).
  var kindPhrase: String {
    switch self {
    case .scalar: return "a single value"
    case .mapping: return "a mapping of keys"
    case .list: return "a list"
    case .empty: return "nothing"
    }
  }
}

/// One `key: value` entry of a mapping, with the line of its key.
struct YAMLEntry: Equatable, Sendable {
  /// The key as written.
  var key: String
  /// The line the key is on.
  var line: Int
  /// The value under the key.
  var value: YAMLNode
}
