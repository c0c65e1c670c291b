/// More probes of the duet CLI's grammar, each pinning one edge: quoting and `#` in names, keys
/// given twice, feature names, odd and missing indentation, the forms its line reader skips, and
/// the `presentation:` ledger's shape.
extension DuetManifestConformanceCases {
  static let skippedLine = "the duet CLI skips the line: what it holds would be lost without a word"

  static let moreProbes: [Case] = [
    Case(
      input: "a # inside a recording name", duet: .accepts("a", ["a"]),
      ours: .refuses("'a#b' is not a valid fixture name"),
      reason: "'#' is not a name character; the duet CLI cuts the name at it"),
    Case(
      input: "a quoted recording name", duet: .accepts("a", ["\"a.on\""]),
      ours: .differsWithWarning("reads the quotes as part of the name"),
      reason: "the duet CLI keeps the quotes, so the tools would look for different files"),
    Case(
      input: "a quoted chain name", duet: .accepts(features: [Feature("a", [])], chains: ["'a.blink'"]),
      ours: .differsWithWarning("reads the quotes as part of the name"),
      reason: "the duet CLI keeps the quotes, so the tools would look for different files"),
    Case(
      input: "a key given twice in one feature", duet: .accepts("a", ["a"]),
      ours: .refuses("appears twice in feature 'a'"),
      reason: "safety: which value counts? (the duet CLI keeps the last)"),
    Case(
      input: "fixtures: given twice in one feature",
      duet: .accepts("a", ["a", "a.two"]),
      ours: .refuses("appears twice in feature 'a'"), reason: "safety: which list counts? (the duet CLI joins them)"),
    Case(
      input: "an upper-case feature name", duet: .accepts("Greeter", ["greeter"]),
      ours: .refuses("is not a valid feature name"),
      reason: "feature names are lower case in both tools' contracts (the duet CLI's mirror check lower-cases them)"),
    Case(
      input: "a feature name with a dot", duet: .accepts("a.b", []),
      ours: .refuses("is not a valid feature name"),
      reason: "feature names are one lower-case word in both tools' contracts"),
    Case(
      input: "a feature name with _", duet: .accepts("front_door", ["front_door"]),
      ours: .same),
    Case(
      input: "a quoted feature name", duet: .accepts(features: [Feature("\"a\"", [])], chains: []),
      ours: .refuses("quoted keys"),
      reason: "quoted keys are not part of the grammar (the duet CLI keeps the quotes in the name)"),
    Case(
      input: "a key: value line where a feature belongs", duet: .accepts("c", ["c"]),
      ours: .refuses("must be a mapping of keys"), reason: skippedLine),
    Case(
      input: "an inline recording list", duet: .accepts("a", []),
      ours: .refuses("inline lists other than '[]'"),
      reason: "the duet CLI reads the text as one value: the recordings would go ungated"),
    Case(
      input: "recordings indented 7", duet: .accepts("a", ["a", "a.off"]), ours: .same),
    Case(
      input: "recordings indented 5", duet: .accepts("a", []),
      ours: .refuses("not a multiple of 2"), reason: skippedLine),
    Case(
      input: "chain items indented 3", duet: .accepts("a", []),
      ours: .refuses("not a multiple of 2"), reason: skippedLine),
    Case(
      input: "features indented 4", duet: .accepts(features: [], chains: []),
      ours: .refuses("indented 4 spaces under line 1"), reason: skippedLine),
    Case(
      input: "events: and verbs: lists in a feature", duet: .accepts("a", ["a"]),
      ours: .same),
    Case(
      input: "a column-0 comment inside a recording list",
      duet: .accepts("a", ["a", "a.off"]), ours: .same),
    Case(
      input: "comments after a feature key and after fixtures:",
      duet: .accepts("a", ["a", "a.off"]), ours: .same),
    Case(
      input: "a list item without a space after -", duet: .accepts("a", []),
      ours: .refuses("needs a space after '-'"), reason: skippedLine),
    Case(
      input: "an empty list item", duet: .accepts("a", []),
      ours: .refuses("must be a single name"), reason: skippedLine),
    Case(
      input: "key:value with no space after the colon", duet: .accepts("a", ["a"]),
      ours: .refuses("put a space after ':'"),
      reason: "YAML reads 'swift:S/A.swift' as one value, not a key: the two readers would disagree"),
    Case(
      input: "features: given twice at the top level",
      duet: .accepts(features: [Feature("a", []), Feature("b", [])], chains: []), ours: .refuses("appears twice"),
      reason: "safety: which section counts? (the duet CLI joins them)"),
    Case(input: "replayRunner: with no value", duet: .rejects, ours: .same),
    Case(input: "a byte-order mark", duet: .rejects, ours: .same),
    Case(
      input: "a recording under the key after fixtures:", duet: .accepts("a", ["a"]),
      ours: .refuses("indented deeper"), reason: skippedLine),
    Case(input: "an empty manifest", duet: .accepts(features: [], chains: []), ours: .same),
    Case(
      input: "chain names with upper case and _",
      duet: .accepts(features: [Feature("a", [])], chains: ["A.Blink_twice"]), ours: .same),
    Case(
      input: "fixtures: with nothing under it",
      duet: .accepts(features: [Feature("a", []), Feature("b", ["b"])], chains: []), ours: .same),
    Case(input: "a top-level list item", duet: .rejects, ours: .same),
    carriedWhereDuetRejects("a ledger with an unknown key", ledgerRejected),
    carriedWhereDuetRejects("a ledger with islands: {}", ledgerRejected),
    carriedWhereDuetRejects("a ledger entry with a nested list", ledgerRejected),
    carriedWhereDuetRejects("a mocks section holding a list", mocksRejected),
    carriedWhereDuetRejects("a mocks key other than generators: opening a block", mocksRejected),
    carriedWhereDuetRejects("a generator row with a value on its line", mocksRejected),
    carriedWhereDuetRejects("a generator row key other than sources:/args: holding a list", mocksRejected),
    Case(
      input: "a generator row with no keys yet", duet: .accepts("a", []), ours: .same),
  ]

  /// Probes of the values the duet CLI reads verbatim: type names, empty values, the key's colon.
  static let valueProbes: [Case] = [
    Case(
      input: "a quoted state: type of a feature with both cores",
      duet: .accepts("a", ["a"]), ours: .warns("reads the quotes as part of the name"),
      reason: "the duet CLI keeps the quotes, so the tools would compare different declarations"),
    Case(
      input: "a # inside an action: type of a feature with both cores",
      duet: .accepts("a", []), ours: .warns("everything from the # on as a comment"),
      reason: "the duet CLI cuts the type name at the #"),
    Case(
      input: "a space before a key's colon", duet: .accepts("a", ["a"]),
      ours: .refuses("remove the space before ':'"),
      reason:
        "the duet CLI trims it from a feature's keys but not from feature or top-level names: one spelling for all"),
    Case(
      input: "a swift: key with no value", duet: .accepts("a", ["a"]),
      ours: .refuses("has no value"),
      reason: "a path key left empty is a forgotten path (the duet CLI reads no Swift side)"),
    Case(
      input: "a recording name with a letter beyond ASCII",
      duet: .accepts("a", ["a.café"]), ours: .refuses("is not a valid fixture name"),
      reason: "a name is one safe path component of ASCII letters, digits, '.', '-' and '_'"),
  ]

  static let mocksRejected = "the duet CLI rejects the mocks section; duet-verify carries mocks: and warns"
}
