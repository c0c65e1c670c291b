import DuetCore

/// The features (and their scenarios) one replay runner serves.
///
/// An app declares it once, as a global `let`, and its `replay-runner/main.swift` hands it to
/// ``ReplayServer/serve(registry:)``. Benchmarks and tests use ``reduce(feature:state:action:)``
/// directly: the same path a `reduce` request takes, without the process or the line protocol.
public struct ReplayRegistry: Sendable {
  let features: [String: ReplayFeature]
  /// The feature names, in canonical (UTF-8 byte) order: what the handshake advertises.
  public let featureNames: [String]
  /// Everything wrong with how the registry was declared; the server refuses to start unless empty.
  public let problems: [ReplayRegistryProblem]

  /// A registry of `features`. Duplicate or invalid names are recorded in ``problems``, not trapped.
  public init(_ features: [ReplayFeature]) {
    var byName: [String: ReplayFeature] = [:]
    var counts: [String: Int] = [:]
    var problems: [ReplayRegistryProblem] = []
    for feature in features {
      counts[feature.name, default: 0] += 1
      if byName[feature.name] == nil {
        byName[feature.name] = feature
        if !Self.isValidFeatureName(feature.name) { problems.append(.invalidFeatureName(feature.name)) }
      }
    }
    let names = byName.keys.sorted(by: JSONValue.canonicalPrecedes)
    for name in names where counts[name, default: 0] > 1 {
      problems.append(.duplicateFeature(name, count: counts[name, default: 0]))
    }
    self.features = byName
    self.featureNames = names
    self.problems = problems
  }

  /// Throws the first declaration problem, for an app test that wants its registry checked.
  public func validate() throws(ReplayRegistryProblem) {
    if let problem = problems.first { throw problem }
  }

  /// Reduces one step in-process: the trees a `reduce` request carries in, the two canonical
  /// strings its response carries out.
  public func reduce(feature: String, state: JSONValue, action: JSONValue) throws(ReplayError) -> ReplayStep {
    guard let entry = features[feature] else { throw .unknownFeature(feature) }
    return try entry.reduceTrees(state, action)
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
