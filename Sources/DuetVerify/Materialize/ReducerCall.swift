/// How a generated test calls one feature's reducer: the module to import, the types the
/// manifest names for the feature, and the reducer.
///
/// The runner side registers a feature as `ReplayFeature.entry(name, State.self, Action.self)
/// { state, action in … }` or `Feature(name, reducer: nameReducer)`: a function of shape
/// `(inout State, Action) -> [Effect<Payload>]`. The test binds the reducer to exactly that type,
/// so a reducer of another shape fails to compile with the types in the message, not at run time.
struct ReducerCall: Equatable, Sendable {
  /// The feature (`splash`).
  var feature: String
  /// The module imported `@testable` (`FoyerFeatures`).
  var module: String
  /// Where the module name came from, for the header (`swift: Sources/FoyerFeatures/…`).
  var moduleOrigin: String
  var state: String
  var action: String
  var effectPayload: String
  /// A function or closure-valued property of the reducer's shape (`splashReducer`).
  var reducer: String
  /// True when the reducer's name was derived from the state type (Duet's naming).
  var reducerDerived: Bool

  /// Reads the call from the manifest row of `feature`, with `--module` and `--reducer` overriding.
  static func resolve(
    _ feature: ManifestFeature, manifest: String, module: String?, reducer: String?
  ) throws(MaterializeError) -> ReducerCall {
    let at = "\(manifest):\(feature.line)"
    let keys: [(String, ManifestEntry?)] = [
      ("state", feature.state), ("action", feature.action), ("effectPayload", feature.effectPayload),
    ]
    let missing = keys.filter { $0.1 == nil }.map(\.0)
    guard missing.isEmpty, let state = feature.state, let action = feature.action,
      let payload = feature.effectPayload
    else { throw .missingTypes(feature: feature.name, at: at, keys: missing) }
    for (key, entry) in keys {
      if let entry, !SwiftSource.isDottedName(entry.name) {
        throw .notASwiftName(entry.name, key: key, at: "\(manifest):\(entry.line)")
      }
    }
    let (moduleName, origin) = try Self.module(feature, at: at, explicit: module)
    let reducerName: String
    if let reducer {
      guard SwiftSource.isDottedName(reducer) else {
        throw .notASwiftName(reducer, key: Option.reducer.rawValue, at: "the command line")
      }
      reducerName = reducer
    } else {
      reducerName = try Self.derivedReducer(feature.name, state: state.name)
    }
    return ReducerCall(
      feature: feature.name, module: moduleName, moduleOrigin: origin, state: state.name, action: action.name,
      effectPayload: payload.name, reducer: reducerName, reducerDerived: reducer == nil)
  }

  /// `--module`, else the folder after the last `Sources/` of the `swift:` path, as SwiftPM names it.
  static func module(_ feature: ManifestFeature, at: String, explicit: String?) throws(MaterializeError) -> (
    String, String
  ) {
    if let explicit {
      guard SwiftSource.isIdentifier(explicit) else {
        throw .notASwiftName(explicit, key: Option.module.rawValue, at: "the command line")
      }
      return (explicit, Option.module.rawValue)
    }
    let parts = feature.swift?.name.split(separator: "/").map(String.init) ?? []
    guard let sources = parts.lastIndex(of: "Sources"), parts.count > sources + 2 else {
      throw .noModule(feature: feature.name, at: at, swift: feature.swift?.name)
    }
    return (SwiftSource.moduleName(forTarget: parts[sources + 1]), "swift: \(feature.swift?.name ?? "")")
  }

  /// Duet's naming: `SplashState` → `splashReducer`, `EditNameState` → `editNameReducer`.
  static func derivedReducer(_ feature: String, state: String) throws(MaterializeError) -> String {
    let name = state.split(separator: ".").last.map(String.init) ?? state
    guard name.hasSuffix("State"), name.count > "State".count else {
      throw .noReducerName(feature: feature, state: state)
    }
    let stem = name.dropLast("State".count)
    return stem.prefix(1).lowercased() + stem.dropFirst() + "Reducer"
  }
}
