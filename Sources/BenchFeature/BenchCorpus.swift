import DuetCore
import Foundation

/// A deterministic synthetic corpus for the benchmark: N fixtures × S steps of one feature,
/// recorded through the real reducer so every fixture passes. The same seed gives the same bytes.
public struct BenchCorpus: Sendable {
  /// Which feature the corpus records.
  public enum Shape: String, Sendable {
    /// `bench`: a realistic state of about 30 fields and 20 items (5.6 KB compact).
    case realistic
    /// `tally`: a counter's two fields, so the runner's own work per step is as small as it gets.
    case tiny

    /// The feature name in the manifest and on the wire.
    public var feature: String { self == .realistic ? "bench" : "tally" }
  }

  public var fixtures: Int
  public var steps: Int
  public var seed: UInt64
  public var shape: Shape
  /// Every tenth fixture has `skew` times the steps (1: all alike), so a corpus whose recordings
  /// differ 100-fold in size shows whether `--shard` shares are balanced by cost.
  public var skew: Int

  public init(fixtures: Int, steps: Int, seed: UInt64, shape: Shape = .realistic, skew: Int = 1) {
    self.fixtures = fixtures
    self.steps = steps
    self.seed = seed
    self.shape = shape
    self.skew = max(1, skew)
  }

  /// How many steps fixture `index` has.
  public func stepCount(_ index: Int) -> Int { index % 10 == 0 ? steps * skew : steps }

  /// The name of fixture `index` (`bench.f000042`, `tally.f000042`).
  public func name(_ index: Int) -> String {
    let digits = String(index)
    return shape.feature + ".f" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
  }

  /// Writes `manifest.yaml`, `fixtures/*.fixture.json` and `requests.jsonl` under `directory`.
  ///
  /// `requests.jsonl` holds every `reduce` request a passing `verify` sends, in corpus order, byte
  /// for byte as the verifier writes them: piped into a runner alone, it times the runner's share.
  public func write(to directory: URL) throws {
    let fixturesFolder = directory.appendingPathComponent("fixtures")
    try FileManager.default.createDirectory(at: fixturesFolder, withIntermediateDirectories: true)
    var manifest = "# Synthetic benchmark corpus (seed \(seed)): \(fixtures) fixtures x \(steps) steps"
    manifest += skew > 1 ? ", every tenth x \(skew).\n" : ".\n"
    manifest += "features:\n  \(shape.feature):\n"
    // The tally emits no events: declaring the bench feature's would fail the taxonomy gate.
    if shape == .realistic { manifest += "    events:\n      - Item Toggled\n      - Cart Completed\n" }
    manifest += "    fixtures:\n"
    var requests: [UInt8] = []
    for index in 0..<fixtures {
      let name = name(index)
      manifest += "      - \(name)\n"
      let document = try document(index)
      let text = try CanonicalWriter.pretty(document)
      try Data(text.utf8).write(to: fixturesFolder.appendingPathComponent("\(name).fixture.json"))
      try appendRequests(of: document, to: &requests)
    }
    try Data(manifest.utf8).write(to: directory.appendingPathComponent("manifest.yaml"))
    try Data(requests).write(to: directory.appendingPathComponent("requests.jsonl"))
  }

  /// `{"action":…,"feature":…,"op":"reduce","state":…}` per step, each state the previous
  /// step's expectation (what the verifier splices in when every step passes).
  func appendRequests(of document: JSONValue, to requests: inout [UInt8]) throws {
    guard var state = document["initialState"], let steps = document["steps"]?.arrayValue else { return }
    let feature = CanonicalWriter.quoted(shape.feature)
    for step in steps {
      requests.append(contentsOf: #"{"action":"#.utf8)
      requests.append(contentsOf: try CanonicalWriter.compact(step["action"] ?? .null).utf8)
      requests.append(contentsOf: #","feature":"#.utf8)
      requests.append(contentsOf: feature.utf8)
      requests.append(contentsOf: #","op":"reduce","state":"#.utf8)
      requests.append(contentsOf: try CanonicalWriter.compact(state).utf8)
      requests.append(contentsOf: "}\n".utf8)
      state = step["expectedState"] ?? .null
    }
  }

  /// Fixture `index` as a dialect-2 document, its expectations computed by the reducer.
  public func document(_ index: Int) throws -> JSONValue {
    switch shape {
    case .realistic: return try realisticDocument(index)
    case .tiny: return try tinyDocument(index)
    }
  }

  func tinyDocument(_ index: Int) throws -> JSONValue {
    var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
    var state = TallyState(count: Int(random.next() % 100), isAutoIncrementing: false)
    let actions: [TallyAction] = [.increment, .decrement, .tick, .toggleAutoIncrement]
    return try recorded(initial: state, feature: "tally", index: index) {
      let action = actions[Int(random.next() % 4)]
      return (action, tallyReducer(state: &state, action: action), state)
    }
  }

  /// A document of `steps` steps, each made by `step` (the action, its effects, the state after).
  func recorded<State: Encodable, Action: Encodable, Effects: Encodable>(
    initial: State, feature: String, index: Int, step: () -> (Action, Effects, State)
  ) throws -> JSONValue {
    let encoder = CanonicalEncoder()
    var recorded: [JSONValue] = []
    for stepIndex in 0..<stepCount(index) {
      let (action, effects, state) = step()
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
      "feature": .string(feature),
      "initialState": try encoder.encode(initial, root: "initialState"),
      "scenario": .object(["source": .string("Sources/BenchFeature/BenchCorpus.swift")]),
      "steps": .array(recorded),
    ])
  }

  func realisticDocument(_ index: Int) throws -> JSONValue {
    var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
    var state = initialState(&random, index: index)
    return try recorded(initial: state, feature: "bench", index: index) {
      let action = nextAction(&random, state: state)
      return (action, benchReducer(state: &state, action: action), state)
    }
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
