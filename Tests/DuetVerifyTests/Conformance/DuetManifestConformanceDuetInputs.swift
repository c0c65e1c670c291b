import TestSupport

/// The duet CLI's own test inputs (duet-tools, `Tests/DuetCLITests`): every manifest its
/// `ManifestParserTests` parse and every manifest its `ManifestLintTests` lint, re-typed as data.
/// The expected readings come from its parser and its tests' assertions.
extension DuetManifestConformanceCases {
  typealias Trees = DuetTestTreeManifests

  /// The readings of the three test trees' manifests.
  static let dualReading = DuetResult.accepts(features: [Feature("greeter", ["greeter"])], chains: ["greeter.wave"])
  static let kmpReading = DuetResult.accepts(
    features: [Feature("counter", ["counter"]), Feature("ticker", ["ticker"])], chains: [])
  static let swiftReading = DuetResult.accepts("counter", ["counter"])
  typealias DuetResult = DuetManifestConformanceCase.DuetResult

  static let noFixturesList = "a forgotten fixtures: list would pass unnoticed (the duet CLI reads none)"
  static let ledgerRejected = "the duet CLI rejects the ledger; duet-verify carries presentation: and warns"

  /// The inputs of `ManifestParserTests`: 13 texts over 12 tests.
  static let duetParserTests: [Case] = [
    Case(
      input: "parser: the structure golden (comments, replayRunner, two features, a chain, a waiver)",
      duet: .accepts(
        features: [Feature("greeter", ["greeter", "greeter.reset"]), Feature("counter", ["counter"])],
        chains: ["greeter.wave"]), ours: .same),
    Case(
      input: "parser: an unknown per-feature key, no fixtures: list",
      duet: .accepts("greeter", []), ours: .refuses("has no fixtures: list"),
      reason: noFixturesList),
    Case(
      input: "parser: a feature redeclared (the last declaration wins)",
      duet: .accepts("greeter", []), ours: .refuses("is declared twice"),
      reason: "safety: the first entry's recordings would be dropped silently"),
    Case(input: "parser: a misspelled chanis: section", duet: .rejects, ours: .same),
    Case(input: "parser: a misspelled top-level scalar alone", duet: .rejects, ours: .same),
    Case(input: "parser: a stray top-level line", duet: .rejects, ours: .same),
    carriedWhereDuetRejects("parser: a ledger section with a scalar value", ledgerRejected),
    carriedWhereDuetRejects("parser: a ledger entry outside waivers:/islands:", ledgerRejected),
    carriedWhereDuetRejects("parser: a ledger entry that is not key: value", ledgerRejected),
    Case(
      input: "parser: a mocks section with a generator row",
      duet: .accepts("counter", []), ours: .refuses("has no fixtures: list"),
      reason: noFixturesList),
    Case(
      input: "parser: an empty mocks section and nothing else", duet: .accepts(features: [], chains: []), ours: .same),
    Case(
      input: "parser: a feature with a swift: path alone", duet: .accepts("x", []),
      ours: .refuses("has no fixtures: list"), reason: noFixturesList),
    Case(input: "parser: a mocks line outside generators:", duet: .rejects, ours: .same),
  ]

  /// One of the duet CLI's test trees as its lint tests use it: the manifest, and what the duet
  /// CLI reads from it.
  struct Tree {
    var text: String
    var reading: DuetResult
  }

  static let dual = Tree(text: Trees.dual, reading: dualReading)
  static let kmp = Tree(text: Trees.kmp, reading: kmpReading)
  static let swift = Tree(text: Trees.swift, reading: swiftReading)
  /// `mini-swift` with the lint tests' `mocks:` row appended (the mocks section changes no reading).
  static let swiftWithMocks = Tree(text: Trees.swift(appending: Trees.mocksRow), reading: swiftReading)

  /// The input of one lint test: `tree`'s manifest with the test's edits made in order (each
  /// replaces every `old` with `new`), read as the tree reads unless `duet` says otherwise, and
  /// read the same by duet-verify.
  static func lint(
    _ test: String, _ tree: Tree, edits: [(old: String, new: String)] = [], duet: DuetResult? = nil
  ) -> Case {
    let text = edits.reduce(tree.text) { $0.edited($1.old, $1.new) }
    return Case(input: "lint: " + test, text: text, duet: duet ?? tree.reading, ours: .same)
  }

  /// `mini-swift` with a `mocks:` block of `Tests/Fixtures/manifests/duet-trees/` appended.
  static func swift(appending block: String) -> Tree {
    Tree(
      text: Trees.swift(appending: ManifestFixtures.textOrSentence("duet-trees/" + block)), reading: swiftReading)
  }

  /// The manifests `ManifestLintTests` lint: its three trees, and each edit a test makes to one
  /// (36 tests; a test that breaks a source or recording file lints the tree's own manifest).
  static let duetLintTests: [Case] = [
    lint("mini-dual, the golden", dual),
    lint("mini-swift, the golden", swift),
    lint("mini-kmp, the golden", kmp),
    lint("mini-swift, the plan's shape", swift),
    lint("mini-kmp, the exit codes", kmp),
    lint("mini-dual, chains: misspelled chanis:", dual, edits: [("chains:", "chanis:")], duet: .rejects),
    lint(
      "mini-swift without its scenario: line", swift,
      edits: [
        (
          "    scenario: src-ios/Subtrees/Counter/CounterFeature/Tests/CounterFeatureTests/CounterScenarioTests.swift\n",
          ""
        )
      ]),
    lint("mini-kmp, a scenario file deleted", kmp),
    lint("mini-swift, a listed recording deleted", swift),
    lint("mini-kmp, an orphan recording", kmp),
    lint("mini-dual, the chain's recording deleted", dual),
    lint(
      "mini-dual, a Swift module GreeterCore", dual,
      edits: [
        ("src-ios/Sources/GreeterFeature/GreeterFeature.swift", "src-ios/Sources/GreeterCore/GreeterFeature.swift")
      ]),
    lint(
      "mini-dual, a Kotlin module feature-hello", dual,
      edits: [("src-android/feature-greeter/src/main", "src-android/feature-hello/src/main")]),
    lint(
      "mini-dual, the Swift file under Subtrees/", dual,
      edits: [
        (
          "swift: src-ios/Sources/GreeterFeature/GreeterFeature.swift",
          "swift: src-ios/Subtrees/Greeter/GreeterFeature/Sources/GreeterFeature/GreeterFeature.swift"
        )
      ]),
    lint(
      "mini-kmp, a commonMain module outside subtrees/", kmp,
      edits: [("src-kmp/subtrees/counter/logic/src/commonMain", "src-kmp/feature-counter/src/commonMain")]),
    lint(
      "mini-swift, a generic SwiftPM leaf", swift,
      edits: [
        (
          "swift: src-ios/Subtrees/Counter/CounterFeature/Sources/CounterFeature/CounterFeature.swift",
          "swift: src-ios/Subtrees/Counter/Sources/CounterFeature/CounterFeature.swift"
        )
      ]),
    lint("mini-swift, the subtree folder Timer", swift, edits: [("Subtrees/Counter/", "Subtrees/Timer/")]),
    lint(
      "mini-kmp, a Kotlin-only feature in jvmMain", kmp,
      edits: [("ticker/logic/src/commonMain", "ticker/logic/src/jvmMain")]),
    lint(
      "mini-kmp, a Kotlin path without src/", kmp,
      edits: [
        (
          "kotlin: src-kmp/subtrees/counter/logic/src/commonMain/kotlin",
          "kotlin: src-kmp/subtrees/counter/logic/commonMain/kotlin"
        )
      ]),
    lint(
      "mini-kmp, a feature with no source path", kmp,
      edits: [
        ("    kotlin: src-kmp/subtrees/counter/logic/src/commonMain/kotlin/com/mini/counter/CounterFeature.kt\n", "")
      ]),
    lint("mini-dual, a waiver without manner:", dual, edits: [("      manner: banner fade duration differs\n", "")]),
    lint("mini-dual, a waiver for platform macos", dual, edits: [("platform: ios", "platform: macos")]),
    lint(
      "mini-dual, a waiver since yesterday", dual,
      edits: [
        (
          "reason: platform animation defaults\n      since: 2026-08-12",
          "reason: platform animation defaults\n      since: yesterday"
        )
      ]),
    lint("mini-dual, an island id map.main", dual, edits: [("id: greeter.map", "id: map.main")]),
    lint(
      "mini-dual, a waiver for feature ghost", dual,
      edits: [
        ("- kind: greeter.banner-fade\n      feature: greeter", "- kind: greeter.banner-fade\n      feature: ghost")
      ]),
    lint("mini-dual, a State property renamed", dual),
    lint("mini-dual, an Action case renamed", dual),
    lint("mini-dual, an EffectPayload case renamed", dual),
    lint("mini-dual, the Action type renamed", dual),
    lint("mini-dual, a recording deleted before verify", dual),
    lint("mini-swift with a mocks row", swiftWithMocks),
    lint("mini-swift, a mocks row without bundle:", swiftWithMocks, edits: [("  bundle: 0.6.0\n", "")]),
    lint("mini-swift, a mocks bundle: main", swiftWithMocks, edits: [("bundle: 0.6.0", "bundle: main")]),
    lint(
      "mini-swift, a mocks row without template: and a missing source root", swiftWithMocks,
      edits: [
        ("      template: Mocks.swifttemplate\n", ""),
        ("- src-ios/Subtrees/Counter/CounterFeature/Sources", "- src-ios/Subtrees/Counter/NoSuchDir"),
      ]),
    lint("mini-swift, a mocks row without roots and an arg without =", swift(appending: "mini-swift-mocks-rootless")),
    lint(
      "mini-swift, a mocks package: without Package.swift",
      swift(appending: "mini-swift-mocks-package-without-manifest")),
  ]
}
