import TestSupport

/// One input of the conformance table: a manifest text (one of the duet CLI's own test inputs,
/// re-typed, or a probe written for this suite), what the duet CLI's parser makes of it (read
/// from its parser and its tests' assertions), and what duet-verify must do.
struct DuetManifestConformanceCase {
  /// What the duet CLI's parser reads: each feature with its recordings, and the chains; or a
  /// rejection (a top-level error).
  enum DuetResult: Equatable {
    case accepts(features: [Feature], chains: [String])
    case rejects

    /// The reading of most small inputs: one feature with these recordings, and no chains.
    static func accepts(_ feature: String, _ fixtures: [String]) -> DuetResult {
      .accepts(features: [Feature(feature, fixtures)], chains: [])
    }
  }

  /// A feature and its recordings, in file order.
  struct Feature: Equatable {
    var name: String
    var fixtures: [String]
  }

  /// What duet-verify must do with the same text.
  enum Ours: Equatable {
    /// The same reading (the same features, recordings and chains; or a rejection too).
    case same
    /// A refusal for the user's safety, documented in docs/manifest.md; the problem contains this text.
    case refuses(String)
    /// The same reading, with a warning containing this text.
    case warns(String)
    /// A reading that differs where docs/manifest.md says so (duet-verify reads more), with a
    /// warning containing this text that says what the duet CLI does instead.
    case differsWithWarning(String)
  }

  var input: String
  /// The manifest, or why its file cannot be read (the test reports that input as disagreeing).
  var text: Result<String, ManifestFixtures.Unreadable>
  var duet: DuetResult
  var ours: Ours
  /// Why duet-verify reads it differently (the table's last column); empty when it reads it the same.
  var reason: String = ""
}

extension DuetManifestConformanceCase {
  /// An input whose manifest is given here: one of the duet CLI's test trees, as a lint test edits it.
  init(input: String, text: String, duet: DuetResult, ours: Ours, reason: String = "") {
    self.init(input: input, text: .success(text), duet: duet, ours: ours, reason: reason)
  }

  /// An input whose manifest is its own file: `Tests/Fixtures/manifests/conformance/<file>.yaml`,
  /// named by ``fileName(for:)``.
  init(input: String, duet: DuetResult, ours: Ours, reason: String = "") {
    let text = Result { () throws(ManifestFixtures.Unreadable) in
      try ManifestFixtures.text("conformance/" + Self.fileName(for: input))
    }
    self.init(input: input, text: text, duet: duet, ours: ours, reason: reason)
  }

  /// The file name of an input's manifest: the input's words and numbers, lower case, joined by '-'
  /// ("parser: a stray top-level line" is `parser-a-stray-top-level-line`).
  static func fileName(for input: String) -> String {
    input.lowercased().split { !("a"..."z").contains($0) && !("0"..."9").contains($0) }.joined(separator: "-")
  }
}

extension DuetManifestConformanceCase.Feature {
  init(_ name: String, _ fixtures: [String]) {
    self.init(name: name, fixtures: fixtures)
  }
}
