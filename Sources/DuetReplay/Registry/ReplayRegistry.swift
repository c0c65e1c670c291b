import DuetCore
import DuetScenario

/// The features (and their scenarios) one replay runner serves.
///
/// An app declares it once, as a global `let`, and its `replay-runner/main.swift` hands it to
/// ``ReplayServer/serve(registry:)``. Benchmarks and tests use ``reduce(feature:state:action:)``
/// directly: the same path a `reduce` request takes, without the process or the line protocol.
public struct ReplayRegistry: Sendable {
  let features: [String: ReplayFeature]
  /// The features with their names as UTF-8, for a compact request's name read as bytes: a
  /// registry holds a handful of features, and comparing a few bytes with each costs less than
  /// making a `String` of the name and hashing it.
  let compactNames: CompactNames
  /// ``features`` in the order of ``compactNames``.
  let compactFeatures: [ReplayFeature]
  let chains: [String: ChainScenario]
  /// The feature names, in canonical (UTF-8 byte) order: what the handshake advertises.
  public let featureNames: [String]
  /// The chain fixture names (`chain-ping-pong`), in canonical order.
  public let chainNames: [String]
  /// Everything wrong with how the registry was declared; the server refuses to start unless empty.
  public let problems: [ReplayRegistryProblem]

  /// A registry of `features` and the chain scenarios across them. Duplicate or invalid names,
  /// scenarios under the wrong feature and chains over unserved nodes are recorded in
  /// ``problems``, not trapped.
  public init(_ features: [ReplayFeature], chains: [ChainScenario] = []) {
    var byName: [String: ReplayFeature] = [:]
    var counts: [String: Int] = [:]
    var problems: [ReplayRegistryProblem] = []
    for feature in features {
      counts[feature.name, default: 0] += 1
      if byName[feature.name] == nil {
        byName[feature.name] = feature
        if !Self.isValidFeatureName(feature.name) { problems.append(.invalidFeatureName(feature.name)) }
        problems += feature.problems
      }
    }
    let names = byName.keys.sorted(by: JSONValue.canonicalPrecedes)
    for name in names where counts[name, default: 0] > 1 {
      problems.append(.duplicateFeature(name, count: counts[name, default: 0]))
    }
    var chainsByName: [String: ChainScenario] = [:]
    var chainCounts: [String: Int] = [:]
    for chain in chains {
      chainCounts[chain.fixtureName, default: 0] += 1
      if chainsByName[chain.fixtureName] == nil {
        chainsByName[chain.fixtureName] = chain
        for node in chain.nodeNames where byName[node] == nil {
          problems.append(.unservedNode(chain: chain.fixtureName, node: node))
        }
      }
    }
    let chainNames = chainsByName.keys.sorted(by: JSONValue.canonicalPrecedes)
    for name in chainNames where chainCounts[name, default: 0] > 1 {
      problems.append(.duplicateChain(name, count: chainCounts[name, default: 0]))
    }
    self.features = byName
    self.compactNames = CompactNames(names)
    self.compactFeatures = names.compactMap { byName[$0] }
    self.chains = chainsByName
    self.featureNames = names
    self.chainNames = chainNames
    self.problems = problems
  }

  /// Throws the first declaration problem, for an app test that wants its registry checked.
  public func validate() throws(ReplayRegistryProblem) {
    if let problem = problems.first { throw problem }
  }

  /// Reduces one step in-process: the trees a `reduce` request carries in, the two canonical
  /// strings its response carries out.
  public func reduce(feature: String, state: JSONValue, action: JSONValue) throws(ReplayError) -> (
    state: String, effects: String
  ) {
    let step = try reduceStep(feature: feature, state: state, action: action)
    return (step.state, step.effects)
  }

  /// The reply line of a compact request written into `writer`; false (nothing written) to send
  /// it the tree way (an unknown feature included, so its error is worded there).
  func reduce(_ request: CompactRequest, into writer: ReplyWriter) -> Bool {
    let index = compactNames.index(of: request.feature)
    return index >= 0 && compactFeatures[index].reduceCompact(request, writer)
  }

  func reduceStep(feature: String, state: JSONValue, action: JSONValue) throws(ReplayError) -> ReplayStep {
    guard let entry = features[feature] else { throw .unknownFeature(feature) }
    return try entry.reduceTrees(state, action)
  }

  /// Compiles every scenario registered for `feature`, in registration order.
  public func scenarios(feature: String, sourceRoot: SourceRoot = .current) throws(ReplayError) -> [CompiledFixture] {
    guard let entry = features[feature] else { throw .unknownFeature(feature) }
    do {
      return try entry.compileScenarios(sourceRoot)
    } catch {
      throw .scenarioFailed(error.description)
    }
  }

  /// Compiles the chain scenario named `chain` (`chain-ping-pong`; the bare `ping-pong` works too).
  public func scenarios(chain: String, sourceRoot: SourceRoot = .current) throws(ReplayError) -> [CompiledFixture] {
    guard let scenario = chains[chain] ?? chains["chain-" + chain] else { throw .unknownChain(chain) }
    do {
      return [try scenario.compile(sourceRoot: sourceRoot)]
    } catch {
      throw .scenarioFailed(error.description)
    }
  }

  /// `[a-z][a-z0-9-]*`, the manifest's rule for feature names.
  static func isValidFeatureName(_ name: String) -> Bool {
    guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
    return name.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "-")
    }
  }
}
