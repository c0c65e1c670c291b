import Foundation
import TestSupport

/// A throwaway app for `mutate`, with a hand-made mutation plan (so the drill's verdicts are
/// known in advance, whatever the planner makes): module `DrillFeatures` holds two features. `tally` is weakly recorded
/// (one bump from 0, so its `< 3` boundary is never crossed) and carries a mutant that loops and
/// one that crashes the runner; `gauge` is recorded at its limit too, so both its mutants die.
/// `case .reset` of tally is reached by no recording. Its runner package is the app itself.
struct DrillApp {
  var root: URL

  static let tallyFile = "Sources/DrillFeatures/Tally.swift"
  static let gaugeFile = "Sources/DrillFeatures/Gauge.swift"
  static let switchFile = "Sources/DrillFeatures/DrillMutants.swift"

  /// Writes the app into `root`, and its plan to `root/../plan.json` (outside the user's tree).
  static func write(into root: URL) throws -> DrillApp {
    let files = [
      "Package.swift": renamed(TallyApp.packageManifest),
      tallyFile: tally, gaugeFile: gauge, "Sources/DrillFeatures/DrillRegistry.swift": registry,
      "Sources/replay-runner/main.swift": main, "manifest.yaml": manifest,
      "fixtures/tally.bumps.fixture.json": recording("tally", "bump", from: 0, to: 1),
      "fixtures/gauge.fills.fixture.json": recording("gauge", "fill", from: 0, to: 1),
      "fixtures/gauge.at-limit.fixture.json": recording("gauge", "fill", from: 2, to: 2),
    ]
    try FileTree.write(files, under: root)
    return DrillApp(root: root)
  }

  /// A file of the tally app with the drill's names: module `DrillFeatures`, package `drill-app`,
  /// `drillRegistry`.
  static func renamed(_ text: String) -> String {
    text.replacingOccurrences(of: "Tally", with: "Drill").replacingOccurrences(of: "tally-app", with: "drill-app")
      .replacingOccurrences(of: "tallyRegistry", with: "drillRegistry")
  }

  /// A plan of the mutants with these ids, as JSON (a MutationPlan).
  static func plan(_ ids: [String]) throws -> Data {
    let chosen = mutants.filter { ids.contains($0.id) }.map { spec -> [String: Any] in
      let source = spec.file == tallyFile ? tally : gauge
      let (line, column) = position(of: spec.original, onLineWith: spec.marker, in: source)
      let lineText = source.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
      return [
        "id": spec.id, "mutationOperator": spec.operatorName, "file": spec.file,
        "start": ["line": line, "column": column],
        "end": ["line": line, "column": column + spec.original.unicodeScalars.count],
        "original": spec.original, "replacement": spec.replacement, "originalLine": String(lineText),
        "mutatedLine": lineText.replacingOccurrences(of: spec.original, with: spec.replacement),
        "schematized": spec.schematized,
      ]
    }
    let plan: [String: Any] = [
      "mutants": chosen, "skippedTableRows": [String](),
      "rewrittenFiles": [tallyFile: schematizedTally, gaugeFile: schematizedGauge, switchFile: switchSource],
    ]
    return try JSONSerialization.data(withJSONObject: plan, options: [.sortedKeys])
  }

  /// A mutant of the plan: where (the first `original` on the line holding `marker`) and what.
  struct Spec {
    var id: String
    var file: String
    var operatorName: String
    var marker: String
    var original: String
    var replacement: String
    /// False: not behind the switch (the rewritten files do not hold it), so built on its own.
    var schematized = true
  }

  static let mutants = [
    Spec(
      id: "1", file: tallyFile, operatorName: "RelationalBoundary", marker: "state.count < 3", original: "<",
      replacement: "<="),
    Spec(
      id: "2", file: tallyFile, operatorName: "CompoundAssignment", marker: "state.count += 1", original: "+=",
      replacement: "-="),
    Spec(
      id: "3", file: tallyFile, operatorName: "DroppedEffects", marker: "return [] // bump", original: "[]",
      replacement: "loop"),
    Spec(
      id: "4", file: tallyFile, operatorName: "DroppedEffects", marker: "return [] // bump", original: "return",
      replacement: "crash"),
    Spec(
      id: "5", file: tallyFile, operatorName: "IntegerLiteral", marker: "state.count = 0", original: "0",
      replacement: "1"),
    Spec(
      id: "6", file: gaugeFile, operatorName: "RelationalBoundary", marker: "state.level < 2", original: "<",
      replacement: "<="),
    Spec(
      id: "7", file: gaugeFile, operatorName: "CompoundAssignment", marker: "state.level += 1", original: "+=",
      replacement: "-="),
    // Two the switch does not hold: one builds alone and is killed, one does not build at all.
    Spec(
      id: "8", file: gaugeFile, operatorName: "IntegerLiteral", marker: "state.level += 1", original: "1",
      replacement: "2", schematized: false),
    Spec(
      id: "9", file: tallyFile, operatorName: "IntegerLiteral", marker: "state.count += 1", original: "1",
      replacement: "\"one\"", schematized: false),
  ]

  /// The ids of the switch's mutants (the rewritten files hold exactly these).
  static let switched = ["1", "2", "3", "4", "5", "6", "7"]

  /// The 1-based line and column of `text` on the first line holding `marker`.
  static func position(of text: String, onLineWith marker: String, in source: String) -> (line: Int, column: Int) {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    guard let index = lines.firstIndex(where: { $0.contains(marker) }), let range = lines[index].range(of: text) else {
      return (0, 0)
    }
    return (index + 1, lines[index].unicodeScalars.distance(from: lines[index].startIndex, to: range.lowerBound) + 1)
  }

  func tree() -> [String: Data] { FileTree.snapshot(root) }

  /// The tally app's feature (``TallyApp/feature``) with the drill's payload type and a bump
  /// bounded below 3 (the boundary the weak recording never crosses), its `return` marked for the plan.
  static let tally = TallyApp.feature.replacingOccurrences(of: "TallyEffectPayload", with: "DrillEffectPayload")
    .replacingOccurrences(
      of: "    state.count += 1\n    return []\n",
      with: "    if state.count < 3 {\n      state.count += 1\n    }\n    return [] // bump\n")

  static let gauge = """
    import DuetCore
    import DuetScenario

    public struct GaugeState: Equatable, Codable, Sendable {
      public var level = 0
      public init() {}
    }

    public enum GaugeAction: Equatable, Sendable, CanonicalSumCodable {
      case fill
    }

    public func gaugeReducer(_ state: inout GaugeState, _ action: GaugeAction) -> [Effect<DrillEffectPayload>] {
      switch action {
      case .fill:
        if state.level < 2 {
          state.level += 1
        }
        return []
      }
    }

    public let gauge = Feature("gauge", reducer: gaugeReducer)

    """

  /// The files with every mutant behind the switch, as a planner writes them.
  static var schematizedTally: String {
    tally
      .replacingOccurrences(
        of: """
              if state.count < 3 {
                state.count += 1
              }
              return [] // bump
          """,
        with: """
              if DrillMutants.on("3") { while true { sleep(1) } }
              if DrillMutants.on("4") { fatalError("mutant 4") }
              if DrillMutants.on("1") ? state.count <= 3 : state.count < 3 {
                if DrillMutants.on("2") { state.count -= 1 } else { state.count += 1 }
              }
              return [] // bump
          """
      )
      .replacingOccurrences(of: "state.count = 0", with: #"state.count = DrillMutants.on("5") ? 1 : 0"#)
      .replacingOccurrences(of: "import DuetCore\n", with: "import DuetCore\nimport Foundation\n")
  }

  static var schematizedGauge: String {
    gauge
      .replacingOccurrences(
        of: """
              if state.level < 2 {
                state.level += 1
              }
          """,
        with: """
              if DrillMutants.on("6") ? state.level <= 2 : state.level < 2 {
                if DrillMutants.on("7") { state.level -= 1 } else { state.level += 1 }
              }
          """
      )
  }

  /// The runtime switch: the active id from DUET_VERIFY_MUTANT; each id evaluated, once per
  /// process, appended to `<DUET_VERIFY_MUTANT_TRACE>-<pid>`.
  static let switchSource = """
    import Foundation

    enum DrillMutants {
      static let active = ProcessInfo.processInfo.environment["DUET_VERIFY_MUTANT"]
      static let trace = ProcessInfo.processInfo.environment["DUET_VERIFY_MUTANT_TRACE"]
      nonisolated(unsafe) static var seen: Set<String> = []

      static func on(_ id: String) -> Bool {
        if let trace, !seen.contains(id) {
          seen.insert(id)
          let path = "\\(trace)-\\(getpid())"
          if !FileManager.default.fileExists(atPath: path) { FileManager.default.createFile(atPath: path, contents: nil) }
          if let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(Data((id + "\\n").utf8))
            handle.closeFile()
          }
        }
        return active == id
      }
    }

    """

  static let registry = """
    import DuetReplay

    public let drillRegistry = ReplayRegistry([
      ReplayFeature.entry(tally, scenarios: []), ReplayFeature.entry(gauge, scenarios: []),
    ])

    """

  static let main = renamed(TallyApp.main)

  /// The tally app's manifest (the drill's tally file and payload type) and the gauge.
  static let manifest =
    TallyApp.manifest.replacingOccurrences(of: "Sources/TallyFeatures/TallyFeature.swift", with: tallyFile)
    .replacingOccurrences(of: "TallyEffectPayload", with: "DrillEffectPayload")
      + """
        gauge:
          swift: Sources/DrillFeatures/Gauge.swift
          state: GaugeState
          action: GaugeAction
          effectPayload: DrillEffectPayload
          fixtures:
            - gauge.at-limit
            - gauge.fills

      """

  /// A recording of one `action` of `feature` (tally counts, gauge has a level) from `from` to `to`.
  static func recording(_ feature: String, _ action: String, from: Int, to: Int) -> String {
    TallyApp.recording(
      feature, field: feature == "tally" ? "count" : "level", action, from: from, to: to,
      description: "A \(action) from \(from).")
  }
}
