import DuetCore
import Foundation

/// A deterministic synthetic corpus for the benchmark: N fixtures × S steps of the bench feature,
/// recorded through the real reducer so every fixture passes. The same seed gives the same bytes.
public struct BenchCorpus: Sendable {
  public var fixtures: Int
  public var steps: Int
  public var seed: UInt64

  public init(fixtures: Int, steps: Int, seed: UInt64) {
    self.fixtures = fixtures
    self.steps = steps
    self.seed = seed
  }

  /// The name of fixture `index` (`bench.f000042`).
  public static func name(_ index: Int) -> String {
    let digits = String(index)
    return "bench.f" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
  }

  /// Writes `manifest.yaml` and `fixtures/*.fixture.json` under `directory`.
  public func write(to directory: URL) throws {
    let fixturesFolder = directory.appendingPathComponent("fixtures")
    try FileManager.default.createDirectory(at: fixturesFolder, withIntermediateDirectories: true)
    var manifest = "# Synthetic benchmark corpus (seed \(seed)): \(fixtures) fixtures x \(steps) steps.\n"
    manifest += "features:\n  bench:\n    events:\n      - Item Toggled\n      - Cart Completed\n    fixtures:\n"
    for index in 0..<fixtures {
      let name = Self.name(index)
      manifest += "      - \(name)\n"
      let text = try CanonicalWriter.pretty(try document(index))
      try Data(text.utf8).write(to: fixturesFolder.appendingPathComponent("\(name).fixture.json"))
    }
    try Data(manifest.utf8).write(to: directory.appendingPathComponent("manifest.yaml"))
  }

  /// Fixture `index` as a dialect-2 document, its expectations computed by the reducer.
  public func document(_ index: Int) throws -> JSONValue {
    var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
    var state = initialState(&random, index: index)
    let encoder = CanonicalEncoder()
    let initial = try encoder.encode(state, root: "initialState")
    var recorded: [JSONValue] = []
    for stepIndex in 0..<steps {
      let action = nextAction(&random, state: state)
      let effects = benchReducer(state: &state, action: action)
      recorded.append(
        .object([
          "action": try encoder.encode(action, root: "action"),
          "expectedEffects": try encoder.encode(effects, root: "expectedEffects"),
          "expectedState": try encoder.encode(state, root: "expectedState"),
          "label": .string("step \(stepIndex)"),
          "line": .integer(Int64(stepIndex + 1)),
        ]))
    }
    return .object([
      "description": .string("Synthetic benchmark fixture \(index)."),
      "dialect": .integer(2),
      "feature": .string("bench"),
      "initialState": initial,
      "scenario": .object(["source": .string("Sources/BenchFeature/BenchCorpus.swift")]),
      "steps": .array(recorded),
    ])
  }

  func initialState(_ random: inout SplitMix64, index: Int) -> BenchState {
    let owner = BenchPerson(
      id: "p-\(random.next() % 1000)", displayName: "Owner \(index)", email: "owner@example.com", level: 3)
    let items = (0..<20).map { item in
      BenchItem(
        id: "item-\(item)", name: "Item number \(item)", quantity: Int(random.next() % 5) + 1,
        priceCents: Int64(random.next() % 10_000), isChecked: random.next() % 2 == 0,
        badge: item % 3 == 0 ? "new" : nil)
    }
    return BenchState(
      id: "doc-\(index)", title: "Document \(index)", subtitle: "A synthetic state of realistic size",
      owner: owner, reviewer: index % 2 == 0 ? owner : nil, counter: 0, total: 0, budgetCents: 250_000,
      revision: 1, isPublished: false, isArchived: false, isLocked: index % 7 == 0, locale: "en_GB",
      currency: "EUR", region: "eu-west", tags: ["bench", "synthetic"], items: items, selection: nil,
      mode: .browsing, lastCheckout: nil, history: [], notes: "Notes for document \(index).")
  }

  func nextAction(_ random: inout SplitMix64, state: BenchState) -> BenchAction {
    switch random.next() % 7 {
    case 0: return .increment(by: Int(random.next() % 10) + 1)
    case 1: return .rename("Title \(random.next() % 100)")
    case 2: return .toggleItem(index: Int(random.next() % 22))
    case 3: return .select(id: random.next() % 3 == 0 ? nil : "item-\(random.next() % 20)")
    case 4:
      let modes: [BenchMode] = [.browsing, .editing(field: "title", draft: "Draft"), .reviewing(state.owner)]
      return .setMode(modes[Int(random.next() % 3)])
    case 5: return .addTag("tag-\(random.next() % 6)")
    default: return .checkout
    }
  }
}

/// A tiny deterministic generator (SplitMix64), so corpora are reproducible on every platform.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
