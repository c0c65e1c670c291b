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

  /// The inputs of the duet CLI's own tests: what the issue's conformance is measured on.
  static var duetTestInputs: [Case] { duetParserTests + duetLintTests }

  /// Inputs derived from the duet CLI's parser tests (our names; structure goldens and the strict top level).
  static let derived: [Case] = [
    Case(
      input: "comments, replayRunner, two features, a chain, presentation waivers",
      text: """
        # the app's parity manifest
        replayRunner: Replay

        features:
          lamp:
            swift: Sources/Lamp/Lamp.swift  # the reducer
            state: LampState
            fixtures:
              - lamp
              - lamp.off
          counter:
            kotlin: android/Counter.kt
            fixtures:
              - counter

        chains:
          - lamp.blink

        presentation:
          waivers:
            - kind: lamp.glow-fade
              feature: lamp
              platform: android
          islands: []

        """,
      duet: .accepts(
        features: [Feature("lamp", ["lamp", "lamp.off"]), Feature("counter", ["counter"])],
        chains: ["lamp.blink"]),
      ours: .same),
    Case(
      input: "an unknown per-feature key",
      text: "features:\n  greeter:\n    swift: a/G.swift\n    futureKey: some value\n    fixtures: []\n",
      duet: .accepts(features: [Feature("greeter", [])], chains: []), ours: .warns("unknown key 'futureKey'"),
      reason: "both carry it; duet-verify suggests the key it may have meant"),
    Case(
      input: "a feature declared twice",
      text: "features:\n  greeter:\n    fixtures:\n      - one\n  greeter:\n    fixtures: []\n",
      duet: .accepts(features: [Feature("greeter", [])], chains: []), ours: .refuses("is declared twice"),
      reason: "safety: the first entry's recordings would be dropped silently"),
    Case(
      input: "a misspelled section (chanis:)", text: "features:\n  a:\n    fixtures: []\nchanis:\n  - a.b\n",
      duet: .rejects, ours: .same),
    Case(
      input: "a misspelled top-level scalar", text: "raplayRunner: Replay\nfeatures:\n  a:\n    fixtures: []\n",
      duet: .rejects, ours: .same),
    Case(
      input: "an unparseable top-level line", text: "stray words\nfeatures:\n  a:\n    fixtures: []\n",
      duet: .rejects, ours: .same),
    Case(
      input: "a mocks section",
      text: """
        features:
          counter:
            fixtures: []
        mocks:
          bundle: 0.6.0
          generators:
            counter_mocks:
              output: Tests/Generated/CounterMocks.swift  # generated
              sources:
                - Sources/Counter

        """,
      duet: .accepts(features: [Feature("counter", [])], chains: []), ours: .same),
  ]

  /// Probes of the grammar's edges.
  static let probes: [Case] = [
    Case(
      input: "a top-level waivers:", text: "features:\n  a:\n    fixtures: []\nwaivers: []\n", duet: .rejects,
      ours: .same),
    Case(
      input: "a top-level telemetry:", text: "features:\n  a:\n    fixtures: []\ntelemetry:\n  events:\n    - A B\n",
      duet: .rejects, ours: .same),
    Case(
      input: "recordings indented 8", text: "features:\n  a:\n    fixtures:\n        - a\n        - a.two\n",
      duet: .accepts(features: [Feature("a", ["a", "a.two"])], chains: []), ours: .same),
    Case(
      input: "a recording named counter_main", text: "features:\n  counter:\n    fixtures:\n      - counter_main\n",
      duet: .accepts(features: [Feature("counter", ["counter_main"])], chains: []), ours: .same),
    Case(
      input: "an upper-case recording name", text: "features:\n  counter:\n    fixtures:\n      - Counter.Big\n",
      duet: .accepts(features: [Feature("counter", ["Counter.Big"])], chains: []), ours: .same),
    Case(
      input: "a quoted swift: path", text: "features:\n  a:\n    swift: \"Sources/A.swift\"\n    fixtures: []\n",
      duet: .accepts(features: [Feature("a", [])], chains: []), ours: .warns("reads the quotes as part of the path"),
      reason: "the duet CLI keeps the quotes, so the tools would look for different files"),
    Case(
      input: "kotlin: pending",
      text: "features:\n  a:\n    swift: S/A.swift\n    kotlin: pending\n    fixtures:\n      - a\n",
      duet: .accepts(features: [Feature("a", ["a"])], chains: []), ours: .same),
    Case(
      input: "a comment after a recording", text: "features:\n  a:\n    fixtures:\n      - a  # the first\n",
      duet: .accepts(features: [Feature("a", ["a"])], chains: []), ours: .same),
    Case(
      input: "comment lines and blank lines inside a feature",
      text: "features:\n  a:\n    # the lamp\n\n    fixtures:\n      # on first\n      - a\n\n      - a.off\n",
      duet: .accepts(features: [Feature("a", ["a", "a.off"])], chains: []), ours: .same),
    Case(
      input: "CRLF line ends", text: "features:\r\n  a:\r\n    fixtures:\r\n      - a\r\nchains:\r\n  - a.b\r\n",
      duet: .accepts(features: [Feature("a", ["a"])], chains: ["a.b"]), ours: .same),
    Case(
      input: "two chains", text: "features:\n  a:\n    fixtures: []\nchains:\n  - a.one\n  - a.two\n",
      duet: .accepts(features: [Feature("a", [])], chains: ["a.one", "a.two"]), ours: .same),
    Case(
      input: "an inline chains: []", text: "features:\n  a:\n    fixtures: []\nchains: []\n", duet: .rejects,
      ours: .warns("chains: []"), reason: "accepted for YAML's sake; the warning says the duet CLI rejects it"),
    Case(
      input: "a recording listed twice", text: "features:\n  a:\n    fixtures:\n      - a\n      - a\n",
      duet: .accepts(features: [Feature("a", ["a", "a"])], chains: []), ours: .refuses("is listed twice"),
      reason: "safety: two owners for one file, replayed twice"),
    Case(
      input: "a recording name leaving the fixtures folder", text: "features:\n  a:\n    fixtures:\n      - ../a\n",
      duet: .accepts(features: [Feature("a", ["../a"])], chains: []), ours: .refuses("'../a'"),
      reason: "safety: a name must stay inside the fixtures folder"),
    Case(
      input: "a feature with fixtures: [] and presentation islands",
      text: "features:\n  a:\n    fixtures: []\npresentation:\n  waivers: []\n  islands: []\n",
      duet: .accepts(features: [Feature("a", [])], chains: []), ours: .same),
    Case(
      input: "a # inside a path", text: "features:\n  a:\n    swift: S/A#1.swift\n    fixtures: []\n",
      duet: .accepts(features: [Feature("a", [])], chains: []), ours: .warns("reads everything from the #"),
      reason: "the duet CLI cuts the path at the #"),
    Case(
      input: "a feature with no keys", text: "features:\n  a:\n  b:\n    fixtures: []\n",
      duet: .accepts(features: [Feature("a", []), Feature("b", [])], chains: []),
      ours: .refuses("has no fixtures: list"), reason: "a forgotten fixtures: list would pass unnoticed"),
    Case(
      input: "recordings at indent 4", text: "features:\n  a:\n    fixtures:\n    - a\n",
      duet: .accepts(features: [Feature("a", [])], chains: []), ours: .refuses("list items must be indented 2 spaces"),
      reason: "the duet CLI skips these lines: the recordings would be lost"),
    Case(
      input: "chain items at indent 4", text: "features:\n  a:\n    fixtures: []\nchains:\n    - a.b\n",
      duet: .accepts(features: [Feature("a", [])], chains: []),
      ours: .differsWithWarning("the duet CLI reads chain items only at indent 2"),
      reason: "the duet CLI skips these lines: the chain would go ungated there"),
    Case(
      input: "a tab-indented recording", text: "features:\n  a:\n    fixtures:\n\t\t\t- a\n",
      duet: .accepts(features: [Feature("a", [])], chains: []), ours: .refuses("a tab is used for indentation"),
      reason: "the duet CLI skips the line: the recording would be lost"),
    Case(
      input: "a feature key at indent 3", text: "features:\n  a:\n   swift: S/A.swift\n    fixtures: []\n",
      duet: .accepts(features: [Feature("a", [])], chains: []), ours: .refuses("not a multiple of 2"),
      reason: "the duet CLI skips the line: the key would be lost"),
  ]
  /// The shapes of the duet CLI's miniature adopter trees (its lint tests copy and break them).
  static let adopterTrees: [Case] = [
    Case(
      input: "a dual-source tree: swift and kotlin twins, the declaration keys, a chain",
      text: """
        # one feature in both languages
        features:
          hello:
            swift: ios/Sources/HelloFeature/HelloFeature.swift
            kotlin: android/feature-hello/src/main/kotlin/app/hello/HelloFeature.kt
            state: HelloState
            action: HelloAction
            effectPayload: HelloEffectPayload
            scenario: ios/Tests/HelloFeatureTests/HelloScenarioTests.swift
            fixtures:
              - hello

        chains:
          - hello.wave

        """,
      duet: .accepts(features: [Feature("hello", ["hello"])], chains: ["hello.wave"]), ours: .same),
    Case(
      input: "a Kotlin-only tree: two features, no presentation",
      text: """
        features:
          tally:
            kotlin: kmp/subtrees/tally/logic/src/commonMain/kotlin/app/tally/TallyFeature.kt
            state: TallyState
            fixtures:
              - tally
          clock:
            kotlin: kmp/subtrees/clock/logic/src/commonMain/kotlin/app/clock/ClockFeature.kt
            fixtures:
              - clock

        """,
      duet: .accepts(features: [Feature("tally", ["tally"]), Feature("clock", ["clock"])], chains: []),
      ours: .same),
    Case(
      input: "a Swift-only tree: replayRunner, an empty chains:, empty ledger lists",
      text: """
        replayRunner: ios/Replay

        features:
          tally:
            swift: ios/Subtrees/Tally/TallyFeature/Sources/TallyFeature/TallyFeature.swift
            fixtures:
              - tally

        chains:

        presentation:
          waivers: []
          islands: []

        """,
      duet: .accepts(features: [Feature("tally", ["tally"])], chains: []), ours: .same),
  ]
}
