/// The manifests of the duet CLI's three miniature test repositories (duet-tools,
/// `Tests/DuetCLITests/Resources/`), and the mini-dual tree's two source files, re-typed as data:
/// its lint tests copy a tree, edit one line of the manifest or a source file, and check the error.
/// Their comments are ours.
public enum DuetTestTreeManifests {
  /// `mini-dual`: one feature with Swift and Kotlin twins, a chain, a filled presentation ledger.
  public static let dual = """
    # mini-dual: a Swift file and its Kotlin twin, one chain, one waiver and one island.

    features:
      greeter:
        swift: src-ios/Sources/GreeterFeature/GreeterFeature.swift
        kotlin: src-android/feature-greeter/src/main/kotlin/com/mini/greeter/GreeterFeature.kt
        state: GreeterState
        action: GreeterAction
        effectPayload: GreeterEffectPayload
        scenario: src-ios/Tests/GreeterFeatureTests/GreeterScenarioTests.swift
        fixtures:
          - greeter

    chains:
      - greeter.wave

    presentation:
      waivers:
        - kind: greeter.banner-fade
          feature: greeter
          platform: ios
          manner: banner fade duration differs
          reason: platform animation defaults
          since: 2026-08-12
      islands:
        - id: greeter.map
          feature: greeter
          boundary: GreeterMapView
          reason: opaque map SDK view
          since: 2026-08-12

    """

  /// `mini-kmp`: two Kotlin-only (commonMain) features, no presentation section.
  public static let kmp = """
    # mini-kmp: Kotlin only, two features in subtrees, no presentation section.

    features:
      counter:
        kotlin: src-kmp/subtrees/counter/logic/src/commonMain/kotlin/com/mini/counter/CounterFeature.kt
        state: CounterState
        action: CounterAction
        effectPayload: CounterEffectPayload
        scenario: src-kmp/subtrees/counter/logic/src/jvmTest/kotlin/com/mini/counter/CounterScenarioTest.kt
        fixtures:
          - counter
      ticker:
        kotlin: src-kmp/subtrees/ticker/logic/src/commonMain/kotlin/com/mini/ticker/TickerFeature.kt
        state: TickerState
        action: TickerAction
        effectPayload: TickerEffectPayload
        scenario: src-kmp/subtrees/ticker/logic/src/jvmTest/kotlin/com/mini/ticker/TickerScenarioTest.kt
        fixtures:
          - ticker

    """

  /// `mini-swift`: Swift only, `replayRunner:`, an empty `chains:` and empty ledger lists.
  public static let swift = """
    # mini-swift: Swift only, a replay runner package, an empty chain list and empty ledger lists.

    replayRunner: src-ios/Replay

    features:
      counter:
        swift: src-ios/Subtrees/Counter/CounterFeature/Sources/CounterFeature/CounterFeature.swift
        state: CounterState
        action: CounterAction
        effectPayload: CounterEffectPayload
        scenario: src-ios/Subtrees/Counter/CounterFeature/Tests/CounterFeatureTests/CounterScenarioTests.swift
        fixtures:
          - counter

    chains:

    presentation:
      waivers: []
      islands: []

    """

  /// The `mocks:` section the lint tests append to `mini-swift` (one generator row).
  public static let mocksRow = """
    mocks:
      bundle: 0.6.0
      generators:
        counter_mocks:
          output: src-ios/Subtrees/Counter/CounterFeature/Tests/CounterFeatureTests/Generated/CounterMocks.swift
          template: Mocks.swifttemplate
          sources:
            - src-ios/Subtrees/Counter/CounterFeature/Sources
          args:
            - import=Foundation
    """

  /// `mini-swift` with a `mocks:` block appended, as the lint tests append one.
  public static func swift(appending block: String) -> String { swift + "\n" + block + "\n" }

  /// `mini-dual`'s Swift file: the greeter's state, actions and effect payloads.
  public static let dualSwiftSource = """
    // The Swift half of the greeter; its Kotlin twin declares the same names.

    public struct GreeterState: Equatable {
      public var message: String
      public var waveCount: Int
    }

    public enum GreeterAction: Equatable {
      case wave
      case reset(String)
    }

    public enum GreeterEffectPayload: Equatable {
      case log(String)
    }

    """

  /// `mini-dual`'s Kotlin twin of ``dualSwiftSource``: the same names on the wire.
  public static let dualKotlinSource = """
    // The Kotlin half of the greeter.
    package com.mini.greeter

    data class GreeterState(
        val message: String,
        val waveCount: Int,
    )

    sealed interface GreeterAction {
        data object Wave : GreeterAction
        data class Reset(val message: String) : GreeterAction
    }

    sealed interface GreeterEffectPayload {
        data class Log(val line: String) : GreeterEffectPayload
    }

    """

  /// `mini-dual`'s files beside its manifest, by path from the repository root: the Swift file and
  /// its Kotlin twin (their declarations match), the scenario, and the two placeholder recordings
  /// (the duet CLI's lint checks only that they exist).
  public static let dualFiles: [(path: String, text: String)] = [
    ("src-ios/Sources/GreeterFeature/GreeterFeature.swift", dualSwiftSource),
    ("src-android/feature-greeter/src/main/kotlin/com/mini/greeter/GreeterFeature.kt", dualKotlinSource),
    ("src-ios/Tests/GreeterFeatureTests/GreeterScenarioTests.swift", "// the greeter's scenarios\n"),
    ("parity/fixtures/greeter.fixture.json", "{\n  \"fixture\": \"greeter\",\n  \"note\": \"a placeholder\"\n}\n"),
    (
      "parity/fixtures/greeter.wave.fixture.json",
      "{\n  \"fixture\": \"greeter.wave\",\n  \"note\": \"a placeholder\"\n}\n"
    ),
  ]
}

extension String {
  /// This manifest with `old` replaced by `new`: one lint test's edit. `old` must occur, or the
  /// input would silently stay the unedited tree (the conformance test reports that too).
  public func edited(_ old: String, _ new: String) -> String {
    guard contains(old) else { return "<edit anchor '\(old)' not found>" }
    return replacingOccurrences(of: old, with: new)
  }
}
