import Foundation
import TestSupport

/// A throwaway app for the strength verbs: one feature, `tally`, whose reducer has two cases, and
/// one recording that sends only `bump`, so `case .reset` is code no recording reaches. Its runner
/// package is the app itself (`replayRunner: .`), depending on this checkout by path.
struct TallyApp {
  /// The app's folder (the user's tree).
  var root: URL

  /// Writes the app into `root`.
  static func write(into root: URL) throws -> TallyApp {
    let files = [
      "Package.swift": packageManifest, "Sources/TallyFeatures/TallyFeature.swift": feature,
      "Sources/TallyFeatures/TallyRegistry.swift": registry, "Sources/replay-runner/main.swift": main,
      "manifest.yaml": manifest, "fixtures/tally.bumps.fixture.json": recording,
    ]
    try FileTree.write(files, under: root)
    return TallyApp(root: root)
  }

  /// The 1-based line of `case .reset:` in the feature file.
  static var resetLine: Int {
    (feature.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "  case .reset:" } ?? -1) + 1
  }

  /// Every file of the tree and its bytes (folders implied).
  func tree() -> [String: Data] { FileTree.snapshot(root) }

  /// The paths added, removed or changed from `before` to `after` (at most ten), for a short message.
  static func changes(from before: [String: Data], to after: [String: Data]) -> [String] {
    let paths = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    return Array(paths.sorted().prefix(10))
  }

  static var packageManifest: String {
    """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "tally-app",
      dependencies: [.package(name: "duet-verify", path: "\(SharedReference.repositoryRoot.path)")],
      targets: [
        .target(
          name: "TallyFeatures",
          dependencies: [
            .product(name: "DuetCore", package: "duet-verify"), .product(name: "DuetScenario", package: "duet-verify"),
            .product(name: "DuetReplay", package: "duet-verify"),
          ]),
        .executableTarget(
          name: "replay-runner", dependencies: ["TallyFeatures", .product(name: "DuetReplay", package: "duet-verify")]),
      ]
    )

    """
  }

  static let feature = """
    import DuetCore
    import DuetScenario

    public struct TallyState: Equatable, Codable, Sendable {
      public var count = 0
      public init() {}
    }

    public enum TallyAction: Equatable, Sendable, CanonicalSumCodable {
      case bump
      case reset
    }

    public enum TallyEffectPayload: Equatable, Sendable, CanonicalSumCodable {
      case noted
    }

    public func tallyReducer(_ state: inout TallyState, _ action: TallyAction) -> [Effect<TallyEffectPayload>] {
      switch action {
      case .bump:
        state.count += 1
        return []
      case .reset:
        state.count = 0
        return [.run(.noted)]
      }
    }

    public let tally = Feature("tally", reducer: tallyReducer)

    """

  static let registry = """
    import DuetReplay

    public let tallyRegistry = ReplayRegistry([ReplayFeature.entry(tally, scenarios: [])])

    """

  static let main = """
    import DuetReplay
    import TallyFeatures

    ReplayServer.serve(registry: tallyRegistry)

    """

  static let manifest = """
    replayRunner: .
    features:
      tally:
        swift: Sources/TallyFeatures/TallyFeature.swift
        state: TallyState
        action: TallyAction
        effectPayload: TallyEffectPayload
        fixtures:
          - tally.bumps

    """

  /// The app's one recording: a bump from 0.
  static let recording = recording("tally", field: "count", "bump", from: 0, to: 1, description: "A bump counts one.")

  /// A recording of one step: `action` takes `feature`'s state from `field` = `from` to `to`, no effects.
  static func recording(
    _ feature: String, field: String, _ action: String, from: Int, to: Int, description: String
  ) -> String {
    """
    {
      "description": "\(description)",
      "dialect": 2,
      "feature": "\(feature)",
      "initialState": {
        "\(field)": \(from)
      },
      "steps": [
        {
          "action": {
            "case": "\(action)"
          },
          "expectedEffects": [],
          "expectedState": {
            "\(field)": \(to)
          },
          "label": "\(action)"
        }
      ]
    }

    """
  }
}
