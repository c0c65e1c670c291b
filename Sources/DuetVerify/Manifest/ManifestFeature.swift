/// One feature row of the manifest: where its code lives and which recordings it owns.
///
/// Only `fixtures` is required: a feature without source paths is still verified through
/// whichever runner serves it (a Kotlin runner given with `--runner`, say).
struct ManifestFeature: Equatable, Sendable {
  /// The feature's name, as the runner knows it (`splash`).
  var name: String
  /// The line its key is on.
  var line: Int
  /// The Swift file holding the reducer.
  var swift: ManifestEntry?
  /// The Kotlin file holding the reducer, or `pending`.
  var kotlin: ManifestEntry?
  /// The state type's name.
  var state: ManifestEntry?
  /// The action type's name.
  var action: ManifestEntry?
  /// The effect payload type's name.
  var effectPayload: ManifestEntry?
  /// The scenario file that records the fixtures.
  var scenario: ManifestEntry?
  /// The recordings this feature owns, by name (no `.fixture.json`).
  var fixtures: [ManifestEntry] = []
  /// The analytics events this feature's reducer emits (`events:`): declared where they are emitted,
  /// so the taxonomy lives inside a feature, where the duet CLI carries unknown keys verbatim.
  var events: [ManifestEntry] = []
  /// The verbs this feature mints beyond the starter set (`verbs:`).
  var verbs: [ManifestEntry] = []

  /// The entries that name files in the repository (checked to exist by lint).
  var pathEntries: [(key: String, entry: ManifestEntry)] {
    var result: [(String, ManifestEntry)] = []
    if let swift { result.append(("swift", swift)) }
    if let kotlin, kotlin.name != "pending" { result.append(("kotlin", kotlin)) }
    if let scenario { result.append(("scenario", scenario)) }
    return result
  }
}
