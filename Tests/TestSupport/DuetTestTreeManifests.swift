/// The manifests of the duet CLI's three miniature test repositories (duet-tools,
/// `Tests/DuetCLITests/Resources/`), re-typed as data in `Tests/Fixtures/manifests/duet-trees/`, and
/// the mini-dual tree's two source files: its lint tests copy a tree, edit one line of the manifest or
/// a source file, and check the error. Their comments are ours. (A manifest file that cannot be read
/// reads as the sentence saying so, which no manifest reader accepts.)
public enum DuetTestTreeManifests {
  /// `mini-dual`: one feature with Swift and Kotlin twins, a chain, a filled presentation ledger.
  public static let dual = ManifestFixtures.textOrSentence("duet-trees/mini-dual")

  /// `mini-kmp`: two Kotlin-only (commonMain) features, no presentation section.
  public static let kmp = ManifestFixtures.textOrSentence("duet-trees/mini-kmp")

  /// `mini-swift`: Swift only, `replayRunner:`, an empty `chains:` and empty ledger lists.
  public static let swift = ManifestFixtures.textOrSentence("duet-trees/mini-swift")

  /// The `mocks:` section the lint tests append to `mini-swift` (one generator row).
  public static let mocksRow = ManifestFixtures.textOrSentence("duet-trees/mini-swift-mocks-row")

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
