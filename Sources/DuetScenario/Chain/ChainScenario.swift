import DuetCore

/// A chain scenario: several features driven together across their seams.
///
/// ```swift
/// let pingPong = ChainScenario("ping-pong", description: "…") {
///   When(pingNode, "fire emits the fired delegate", .fire)
///   Hop("the ping→pong seam", from: pingNode, to: pongNode) { .pingFired(count: $0.count) }
///   When(pingNode, "a second fire on the same chain", .fire)
/// }
/// ```
///
/// It compiles to one fixture named `chain-<name>` by default (a convention: the manifest's `chains:`
/// list, not the name, makes a recording a chain; pass `fixtureName:` to record under a Duet app's own
/// name, e.g. `greeter.wave`), with one initial state per node and steps that
/// name their node; chain fixtures record effects, not states. The document also carries
/// `"chain": "<name>"`, as Duet's Swift and Kotlin recorders write it, so a chain recorded here and
/// one recorded by Duet differ only in `scenario.source` and `line`; verifiers treat it as metadata.
public struct ChainScenario: Sendable {
  /// The chain's name without the `chain-` prefix (`ping-pong`).
  public let name: String
  /// What the chain pins, written into its fixture.
  public let description: String
  /// The recording's name: `chain-<name>` unless given.
  public let fixtureName: String
  let filePath: String
  let elements: [ChainElement]

  /// `name` may be given with or without its `chain-` prefix; `fixtureName` overrides the default
  /// recording name `chain-<name>`.
  public init(
    _ name: String, fixtureName: String? = nil, description: String, filePath: String = #filePath,
    @ChainBuilder _ body: () -> [ChainElement]
  ) {
    self.name = name.hasPrefix("chain-") ? String(name.dropFirst("chain-".count)) : name
    self.fixtureName = fixtureName ?? "chain-" + self.name
    self.description = description
    self.filePath = filePath
    self.elements = body()
  }

  /// The names of the nodes the chain uses, in order of first use.
  public var nodeNames: [String] {
    var names: [String] = []
    func add(_ node: ErasedNode?) {
      if let node, !names.contains(node.name) { names.append(node.name) }
    }
    for element in elements {
      switch element.kind {
      case .when(_, _, let move): add(move?.node)
      case .hop(let hop):
        add(hop.from)
        add(hop.to)
      case .then(_, _, let node, _), .thenEffects(_, _, let node, _): add(node)
      }
    }
    return names
  }

  /// Runs the chain through its nodes' reducers, checking each Then, and returns its fixture.
  public func compile(sourceRoot: SourceRoot = .current) throws(ScenarioError) -> CompiledFixture {
    try ChainCompiler(scenario: self, source: sourceRoot.relativePath(of: filePath)).compile()
  }
}
