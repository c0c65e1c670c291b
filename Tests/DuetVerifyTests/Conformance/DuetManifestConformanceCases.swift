/// The conformance inputs: every manifest the duet CLI's own parser and lint tests read
/// (``duetParserTests``, ``duetLintTests``), inputs derived from them, and probes of its grammar's
/// edges (indentation, comments, quoting, names, waivers, pending, chains). The expected Duet
/// reading follows its grammar: top-level keys at column 0, features at indent 2, per-feature keys
/// at 4, recordings at 6 or more after `fixtures:`, chains at exactly 2, a `#` starting a comment
/// anywhere, values kept verbatim (quotes included), a line it does not name skipped inside
/// `features:` and `chains:`, and `presentation:` held to its waivers/islands ledger.
enum DuetManifestConformanceCases {
  typealias Case = DuetManifestConformanceCase
  typealias Feature = DuetManifestConformanceCase.Feature

  static let all: [Case] = duetParserTests + duetLintTests + derived + adopterTrees + probes + moreProbes + valueProbes

  /// An input whose `presentation:` or `mocks:` section the duet CLI rejects and duet-verify
  /// carries, warning that the duet CLI rejects it; `reason` names the section (``ledgerRejected``,
  /// ``mocksRejected``).
  static func carriedWhereDuetRejects(_ input: String, _ reason: String) -> Case {
    Case(input: input, duet: .rejects, ours: .warns("the duet CLI rejects"), reason: reason)
  }

  /// The inputs of the duet CLI's own tests: what the issue's conformance is measured on.
  static var duetTestInputs: [Case] { duetParserTests + duetLintTests }

  /// Inputs derived from the duet CLI's parser tests (our names; structure goldens and the strict top level).
  static let derived: [Case] = [
    Case(
      input: "comments, replayRunner, two features, a chain, presentation waivers",
      duet: .accepts(
        features: [Feature("lamp", ["lamp", "lamp.off"]), Feature("counter", ["counter"])], chains: ["lamp.blink"]),
      ours: .same),
    Case(
      input: "an unknown per-feature key", duet: .accepts("greeter", []),
      ours: .warns("unknown key 'futureKey'"), reason: "both carry it; duet-verify suggests the key it may have meant"),
    Case(
      input: "a feature declared twice", duet: .accepts("greeter", []),
      ours: .refuses("is declared twice"), reason: "safety: the first entry's recordings would be dropped silently"),
    Case(input: "a misspelled section (chanis:)", duet: .rejects, ours: .same),
    Case(input: "a misspelled top-level scalar", duet: .rejects, ours: .same),
    Case(input: "an unparseable top-level line", duet: .rejects, ours: .same),
    Case(input: "a mocks section", duet: .accepts("counter", []), ours: .same),
  ]

  /// Probes of the grammar's edges.
  static let probes: [Case] = [
    Case(input: "a top-level waivers:", duet: .rejects, ours: .same),
    Case(input: "a top-level telemetry:", duet: .rejects, ours: .same),
    Case(
      input: "recordings indented 8", duet: .accepts("a", ["a", "a.two"]), ours: .same),
    Case(
      input: "a recording named counter_main",
      duet: .accepts("counter", ["counter_main"]), ours: .same),
    Case(
      input: "an upper-case recording name",
      duet: .accepts("counter", ["Counter.Big"]), ours: .same),
    Case(
      input: "a quoted swift: path", duet: .accepts("a", []),
      ours: .warns("reads the quotes as part of the path"),
      reason: "the duet CLI keeps the quotes, so the tools would look for different files"),
    Case(input: "kotlin: pending", duet: .accepts("a", ["a"]), ours: .same),
    Case(
      input: "a comment after a recording", duet: .accepts("a", ["a"]), ours: .same),
    Case(
      input: "comment lines and blank lines inside a feature",
      duet: .accepts("a", ["a", "a.off"]), ours: .same),
    Case(input: "CRLF line ends", duet: .accepts(features: [Feature("a", ["a"])], chains: ["a.b"]), ours: .same),
    Case(input: "two chains", duet: .accepts(features: [Feature("a", [])], chains: ["a.one", "a.two"]), ours: .same),
    Case(
      input: "an inline chains: []", duet: .rejects, ours: .warns("chains: []"),
      reason: "accepted for YAML's sake; the warning says the duet CLI rejects it"),
    Case(
      input: "a recording listed twice", duet: .accepts("a", ["a", "a"]),
      ours: .refuses("is listed twice"), reason: "safety: two owners for one file, replayed twice"),
    Case(
      input: "a recording name leaving the fixtures folder",
      duet: .accepts("a", ["../a"]), ours: .refuses("'../a'"),
      reason: "safety: a name must stay inside the fixtures folder"),
    Case(
      input: "a feature with fixtures: [] and presentation islands",
      duet: .accepts("a", []), ours: .same),
    Case(
      input: "a # inside a path", duet: .accepts("a", []),
      ours: .warns("reads everything from the #"), reason: "the duet CLI cuts the path at the #"),
    Case(
      input: "a feature with no keys", duet: .accepts(features: [Feature("a", []), Feature("b", [])], chains: []),
      ours: .refuses("has no fixtures: list"), reason: "a forgotten fixtures: list would pass unnoticed"),
    Case(
      input: "recordings at indent 4", duet: .accepts("a", []),
      ours: .refuses("list items must be indented 2 spaces"),
      reason: "the duet CLI skips these lines: the recordings would be lost"),
    Case(
      input: "chain items at indent 4", duet: .accepts("a", []),
      ours: .differsWithWarning("the duet CLI reads chain items only at indent 2"),
      reason: "the duet CLI skips these lines: the chain would go ungated there"),
    Case(
      input: "a tab-indented recording", duet: .accepts("a", []),
      ours: .refuses("a tab is used for indentation"),
      reason: "the duet CLI skips the line: the recording would be lost"),
    Case(
      input: "a feature key at indent 3", duet: .accepts("a", []),
      ours: .refuses("not a multiple of 2"), reason: "the duet CLI skips the line: the key would be lost"),
  ]
  /// The shapes of the duet CLI's miniature adopter trees (its lint tests copy and break them).
  static let adopterTrees: [Case] = [
    Case(
      input: "a dual-source tree: swift and kotlin twins, the declaration keys, a chain",
      duet: .accepts(features: [Feature("hello", ["hello"])], chains: ["hello.wave"]), ours: .same),
    Case(
      input: "a Kotlin-only tree: two features, no presentation",
      duet: .accepts(features: [Feature("tally", ["tally"]), Feature("clock", ["clock"])], chains: []), ours: .same),
    Case(
      input: "a Swift-only tree: replayRunner, an empty chains:, empty ledger lists",
      duet: .accepts("tally", ["tally"]), ours: .same),
  ]
}
