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
  static let swiftReading = DuetResult.accepts(features: [Feature("counter", ["counter"])], chains: [])
  typealias DuetResult = DuetManifestConformanceCase.DuetResult

  static let noFixturesList = "a forgotten fixtures: list would pass unnoticed (the duet CLI reads none)"
  static let ledgerRejected = "the duet CLI rejects the ledger; duet-verify carries presentation: and warns"

  /// The inputs of `ManifestParserTests`: 13 texts over 12 tests.
  static let duetParserTests: [Case] = [
    Case(
      input: "parser: the structure golden (comments, replayRunner, two features, a chain, a waiver)",
      text: """
        # header comment
        replayRunner: src-ios/Replay

        features:
          greeter:
            swift: src-ios/Sources/GreeterFeature/GreeterFeature.swift  # trailing comment
            state: GreeterState
            fixtures:
              - greeter
              - greeter.reset
          counter:
            kotlin: src-kmp/subtrees/counter/logic/src/commonMain/kotlin/C.kt
            fixtures:
              - counter

        chains:
          - greeter.wave

        presentation:
          waivers:
            - kind: greeter.banner-fade
              feature: greeter
              platform: ios
          islands: []
        """,
      duet: .accepts(
        features: [Feature("greeter", ["greeter", "greeter.reset"]), Feature("counter", ["counter"])],
        chains: ["greeter.wave"]),
      ours: .same),
    Case(
      input: "parser: an unknown per-feature key, no fixtures: list",
      text: "features:\n  greeter:\n    swift: a/Sources/GreeterFeature/G.swift\n    futureKey: some value\n",
      duet: .accepts(features: [Feature("greeter", [])], chains: []), ours: .refuses("has no fixtures: list"),
      reason: noFixturesList),
    Case(
      input: "parser: a feature redeclared (the last declaration wins)",
      text: """
        features:
          greeter:
            swift: first/Sources/GreeterFeature/G.swift
            fixtures:
              - one
          greeter:
            kotlin: second/feature-greeter/src/main/kotlin/G.kt
        """,
      duet: .accepts(features: [Feature("greeter", [])], chains: []), ours: .refuses("is declared twice"),
      reason: "safety: the first entry's recordings would be dropped silently"),
    Case(
      input: "parser: a misspelled chanis: section",
      text: "features:\n  greeter:\n    swift: a/Sources/GreeterFeature/G.swift\nchanis:\n  - greeter.wave\n",
      duet: .rejects, ours: .same),
    Case(
      input: "parser: a misspelled top-level scalar alone", text: "raplayRunner: src-ios/Replay\n", duet: .rejects,
      ours: .same),
    Case(input: "parser: a stray top-level line", text: "stray words\n", duet: .rejects, ours: .same),
    Case(
      input: "parser: a ledger section with a scalar value", text: "presentation:\n  waivers: junk\n",
      duet: .rejects, ours: .warns("the duet CLI rejects"), reason: ledgerRejected),
    Case(
      input: "parser: a ledger entry outside waivers:/islands:",
      text: "presentation:\n  - kind: greeter.banner-fade\n", duet: .rejects, ours: .warns("the duet CLI rejects"),
      reason: ledgerRejected),
    Case(
      input: "parser: a ledger entry that is not key: value", text: "presentation:\n  waivers:\n    - entry\n",
      duet: .rejects, ours: .warns("the duet CLI rejects"), reason: ledgerRejected),
    Case(
      input: "parser: a mocks section with a generator row",
      text: """
        features:
          counter:
            swift: src-ios/Sources/CounterFeature/CounterFeature.swift

        mocks:
          bundle: 0.6.0
          generators:
            # duet-scaffold:mocks-generators (rows are inserted above this line)
            counter_node_mocks:
              output: src-ios/Tests/Generated/CounterNodeMocks.swift  # trailing comment
              template: Mocks.swifttemplate
              package: src-ios
              sources:
                - src-ios/Sources/CounterNode
              args:
                - testable=CounterNode
                - import=Foundation
        """,
      duet: .accepts(features: [Feature("counter", [])], chains: []), ours: .refuses("has no fixtures: list"),
      reason: noFixturesList),
    Case(
      input: "parser: an empty mocks section and nothing else", text: "mocks:\n  generators:\n    # marker only\n",
      duet: .accepts(features: [], chains: []), ours: .same),
    Case(
      input: "parser: a feature with a swift: path alone", text: "features:\n  x:\n    swift: a/Sources/B/C.swift\n",
      duet: .accepts(features: [Feature("x", [])], chains: []), ours: .refuses("has no fixtures: list"),
      reason: noFixturesList),
    Case(
      input: "parser: a mocks line outside generators:", text: "mocks:\n  bundle: 0.6.0\n    stray: line\n",
      duet: .rejects, ours: .same),
  ]

  /// The manifests `ManifestLintTests` lint: its three trees, and each edit a test makes to one
  /// (36 tests; a test that breaks a source or recording file lints the tree's own manifest).
  static let duetLintTests: [Case] = [
    Case(input: "lint: mini-dual, the golden", text: Trees.dual, duet: dualReading, ours: .same),
    Case(input: "lint: mini-swift, the golden", text: Trees.swift, duet: swiftReading, ours: .same),
    Case(input: "lint: mini-kmp, the golden", text: Trees.kmp, duet: kmpReading, ours: .same),
    Case(input: "lint: mini-swift, the plan's shape", text: Trees.swift, duet: swiftReading, ours: .same),
    Case(input: "lint: mini-kmp, the exit codes", text: Trees.kmp, duet: kmpReading, ours: .same),
    Case(
      input: "lint: mini-dual, chains: misspelled chanis:", text: Trees.dual.edited("chains:", "chanis:"),
      duet: .rejects, ours: .same),
    Case(
      input: "lint: mini-swift without its scenario: line",
      text: Trees.swift.edited(
        "    scenario: src-ios/Subtrees/Counter/CounterFeature/Tests/CounterFeatureTests/CounterScenarioTests.swift\n",
        ""),
      duet: swiftReading, ours: .same),
    Case(input: "lint: mini-kmp, a scenario file deleted", text: Trees.kmp, duet: kmpReading, ours: .same),
    Case(input: "lint: mini-swift, a listed recording deleted", text: Trees.swift, duet: swiftReading, ours: .same),
    Case(input: "lint: mini-kmp, an orphan recording", text: Trees.kmp, duet: kmpReading, ours: .same),
    Case(input: "lint: mini-dual, the chain's recording deleted", text: Trees.dual, duet: dualReading, ours: .same),
    Case(
      input: "lint: mini-dual, a Swift module GreeterCore",
      text: Trees.dual.edited(
        "src-ios/Sources/GreeterFeature/GreeterFeature.swift", "src-ios/Sources/GreeterCore/GreeterFeature.swift"),
      duet: dualReading, ours: .same),
    Case(
      input: "lint: mini-dual, a Kotlin module feature-hello",
      text: Trees.dual.edited("src-android/feature-greeter/src/main", "src-android/feature-hello/src/main"),
      duet: dualReading, ours: .same),
    Case(
      input: "lint: mini-dual, the Swift file under Subtrees/",
      text: Trees.dual.edited(
        "swift: src-ios/Sources/GreeterFeature/GreeterFeature.swift",
        "swift: src-ios/Subtrees/Greeter/GreeterFeature/Sources/GreeterFeature/GreeterFeature.swift"),
      duet: dualReading, ours: .same),
    Case(
      input: "lint: mini-kmp, a commonMain module outside subtrees/",
      text: Trees.kmp.edited("src-kmp/subtrees/counter/logic/src/commonMain", "src-kmp/feature-counter/src/commonMain"),
      duet: kmpReading, ours: .same),
    Case(
      input: "lint: mini-swift, a generic SwiftPM leaf",
      text: Trees.swift.edited(
        "swift: src-ios/Subtrees/Counter/CounterFeature/Sources/CounterFeature/CounterFeature.swift",
        "swift: src-ios/Subtrees/Counter/Sources/CounterFeature/CounterFeature.swift"),
      duet: swiftReading, ours: .same),
    Case(
      input: "lint: mini-swift, the subtree folder Timer",
      text: Trees.swift.edited("Subtrees/Counter/", "Subtrees/Timer/"), duet: swiftReading, ours: .same),
    Case(
      input: "lint: mini-kmp, a Kotlin-only feature in jvmMain",
      text: Trees.kmp.edited("ticker/logic/src/commonMain", "ticker/logic/src/jvmMain"), duet: kmpReading,
      ours: .same),
    Case(
      input: "lint: mini-kmp, a Kotlin path without src/",
      text: Trees.kmp.edited(
        "kotlin: src-kmp/subtrees/counter/logic/src/commonMain/kotlin",
        "kotlin: src-kmp/subtrees/counter/logic/commonMain/kotlin"),
      duet: kmpReading, ours: .same),
    Case(
      input: "lint: mini-kmp, a feature with no source path",
      text: Trees.kmp.edited(
        "    kotlin: src-kmp/subtrees/counter/logic/src/commonMain/kotlin/com/mini/counter/CounterFeature.kt\n", ""),
      duet: kmpReading, ours: .same),
    Case(
      input: "lint: mini-dual, a waiver without manner:",
      text: Trees.dual.edited("      manner: banner fade duration differs\n", ""), duet: dualReading, ours: .same),
    Case(
      input: "lint: mini-dual, a waiver for platform macos",
      text: Trees.dual.edited("platform: ios", "platform: macos"),
      duet: dualReading, ours: .same),
    Case(
      input: "lint: mini-dual, a waiver since yesterday",
      text: Trees.dual.edited(
        "reason: platform animation defaults\n      since: 2026-08-12",
        "reason: platform animation defaults\n      since: yesterday"),
      duet: dualReading, ours: .same),
    Case(
      input: "lint: mini-dual, an island id map.main", text: Trees.dual.edited("id: greeter.map", "id: map.main"),
      duet: dualReading, ours: .same),
    Case(
      input: "lint: mini-dual, a waiver for feature ghost",
      text: Trees.dual.edited(
        "- kind: greeter.banner-fade\n      feature: greeter", "- kind: greeter.banner-fade\n      feature: ghost"),
      duet: dualReading, ours: .same),
    Case(input: "lint: mini-dual, a State property renamed", text: Trees.dual, duet: dualReading, ours: .same),
    Case(input: "lint: mini-dual, an Action case renamed", text: Trees.dual, duet: dualReading, ours: .same),
    Case(input: "lint: mini-dual, an EffectPayload case renamed", text: Trees.dual, duet: dualReading, ours: .same),
    Case(input: "lint: mini-dual, the Action type renamed", text: Trees.dual, duet: dualReading, ours: .same),
    Case(input: "lint: mini-dual, a recording deleted before verify", text: Trees.dual, duet: dualReading, ours: .same),
    Case(
      input: "lint: mini-swift with a mocks row", text: Trees.swift(appending: Trees.mocksRow), duet: swiftReading,
      ours: .same),
    Case(
      input: "lint: mini-swift, a mocks row without bundle:",
      text: Trees.swift(appending: Trees.mocksRow).edited("  bundle: 0.6.0\n", ""), duet: swiftReading, ours: .same),
    Case(
      input: "lint: mini-swift, a mocks bundle: main",
      text: Trees.swift(appending: Trees.mocksRow).edited("bundle: 0.6.0", "bundle: main"), duet: swiftReading,
      ours: .same),
    Case(
      input: "lint: mini-swift, a mocks row without template: and a missing source root",
      text: Trees.swift(appending: Trees.mocksRow).edited("      template: Mocks.swifttemplate\n", "").edited(
        "- src-ios/Subtrees/Counter/CounterFeature/Sources", "- src-ios/Subtrees/Counter/NoSuchDir"),
      duet: swiftReading, ours: .same),
    Case(
      input: "lint: mini-swift, a mocks row without roots and an arg without =",
      text: Trees.swift(
        appending: """
          mocks:
            bundle: 0.6.0
            generators:
              rootless:
                output: src-ios/Generated/X.swift
                template: Mocks.swifttemplate
                args:
                  - importFoundation
          """),
      duet: swiftReading, ours: .same),
    Case(
      input: "lint: mini-swift, a mocks package: without Package.swift",
      text: Trees.swift(
        appending: """
          mocks:
            bundle: 0.6.0
            generators:
              derived:
                output: src-ios/Generated/X.swift
                template: Mocks.swifttemplate
                package: src-ios/NoSuchPackage
          """),
      duet: swiftReading, ours: .same),
  ]
}
