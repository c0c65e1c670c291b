import DuetCore

/// How the recording `record` would write differs from the file on disk (docs/recording.md, drift).
///
/// Only behavioural differences fail `record --check`; metadata churn (labels, lines, descriptions,
/// scenario paths, `linkToNext`, formatting) is admissible and only listed.
enum FixtureChange: Equatable, Sendable {
  /// Byte-identical.
  case unchanged
  /// No file on disk yet.
  case new
  /// Same behaviour, different metadata; the first differing path (`nil` when only the layout differs).
  case metadataOnly(firstPath: String?)
  /// Different behaviour: the first divergent behavioural path, what the file holds there and what
  /// the scenarios produce now (`∅` for a missing side).
  case behavioural(path: String, recorded: String, produced: String)
  /// The file on disk cannot be read as a recording at all; rewriting it changes behaviour.
  case unreadable(String)

  /// True when `record --check` fails on it.
  var isDrift: Bool {
    switch self {
    case .new, .behavioural, .unreadable: return true
    case .unchanged, .metadataOnly: return false
    }
  }

  /// Compares the file's bytes (`nil` when there is no file) with what `record` would write.
  static func between(recorded bytes: [UInt8]?, produced: RecordedFixture) -> FixtureChange {
    guard let bytes else { return .new }
    if bytes.elementsEqual(produced.text.utf8) { return .unchanged }
    let recorded: JSONValue
    do {
      recorded = try JSONParser().parse(bytes)
    } catch {
      return .unreadable("is not JSON (\(error.description))")
    }
    let before = BehaviouralProjection.of(recorded)
    let after = BehaviouralProjection.of(produced.document)
    if let divergence = FirstDivergence.between(before, after, root: "") {
      return .behavioural(
        path: divergence.path.description, recorded: divergence.expectedText, produced: divergence.actualText)
    }
    return .metadataOnly(firstPath: FirstDivergence.between(recorded, produced.document, root: "")?.path.description)
  }
}
