/// Why `duet-verify materialize` wrote no test: the facts, rendered to sentences in one place
/// (`message`; `Diagnostic` adds the prefix).
enum MaterializeError: Diagnostic, Equatable, Sendable {
  /// The operand is not `<recording>#<step>`.
  case notAStep(String)
  /// The recording is not listed in the manifest.
  case notListed(String, manifest: String, suggestion: String)
  /// The recording has fewer steps.
  case noSuchStep(String, step: Int, count: Int)
  /// The step reduces on a feature the manifest does not declare (a chain node, a dialect-1 owner).
  case undeclaredFeature(String, recording: String, step: Int, manifest: String)
  /// The feature's row lacks the type names the generated code needs.
  case missingTypes(feature: String, at: String, keys: [String])
  /// No module to import: no `swift:` path under `Sources/<Module>/`, and no `--module`.
  case noModule(feature: String, at: String, swift: String?)
  /// A manifest value or option that is not a Swift name, so it cannot be pasted into code.
  case notASwiftName(String, key: String, at: String)
  /// The reducer's name cannot be derived from the state type's.
  case noReducerName(feature: String, state: String)
  /// A recorded tree has no canonical form (a number out of range, say).
  case uncanonical(recording: String, path: String, reason: String)

  var speaker: String? { "materialize" }

  var message: String {
    switch self {
    case .notAStep(let text):
      return "'\(text)' is not a step. Write <recording>#<step>, e.g. splash.ceremony-completes#1 "
        + "(steps count from 0, as in verify's failure blocks)."
    case .notListed(let name, let manifest, let suggestion):
      return "'\(name)' is not a recording listed in \(manifest).\(suggestion)"
    case .noSuchStep(let name, let step, let count):
      return "'\(name)' has \(count) steps (0…\(count - 1)); there is no step \(step)."
    case .undeclaredFeature(let feature, let recording, let step, let manifest):
      return "step \(step) of '\(recording)' reduces on feature '\(feature)', which \(manifest) does not "
        + "declare; add it under features: with its state:, action:, effectPayload: and swift: keys."
    case .missingTypes(let feature, let at, let keys):
      let list = keys.map { "`\($0): <\(Self.placeholder(for: $0))>`" }.joined(separator: ", ")
      return "feature '\(feature)' (\(at)) does not name the types its reducer takes, so the test cannot "
        + "call it; add \(list) under it (the Swift type names, e.g. state: SplashState)."
    case .noModule(let feature, let at, let swift):
      let found = swift.map { "its swift: path '\($0)' is not under Sources/<Module>/" } ?? "it has no swift: path"
      return "no module to import for feature '\(feature)' (\(at)): \(found). Add a swift: path "
        + "like Sources/<Module>/<Feature>.swift, or pass \(Option.module.rawValue) <Module>."
    case .notASwiftName(let value, let key, let at):
      return "\(key) '\(value)' (\(at)) is not a Swift name (letters, digits and _, dotted for nested "
        + "names), so it cannot be written into a test; correct it."
    case .noReducerName(let feature, let state):
      return "cannot derive the reducer of feature '\(feature)' from its state type '\(state)' "
        + "(Duet's naming is <Name>State → <name>Reducer); pass \(Option.reducer.rawValue) <function or Feature.reduce>."
    case .uncanonical(let recording, let path, let reason):
      return "\(path) of '\(recording)' has no canonical form (\(reason)); run \(Program.name) lint."
    }
  }

  private static func placeholder(for key: String) -> String {
    switch key {
    case "state": return "StateType"
    case "action": return "ActionType"
    default: return "EffectPayloadType"
    }
  }
}
