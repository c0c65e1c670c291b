import DuetCore
import DuetPlatform

/// Reads `manifest.yaml` text into a `Manifest`, reporting every rule of docs/manifest.md it breaks.
///
/// The result always carries a manifest (possibly partial) and the full problem list, so `lint`
/// can show all problems at once; callers treat any problem as fatal for replay.
struct ManifestReader {
  /// Exactly the duet CLI's top level: the same manifest is read by both tools, and it rejects the rest.
  static let topLevelKeys = ["replayRunner", "features", "chains", "presentation", "mocks"]
  static let featureKeys = [
    "swift", "kotlin", "state", "action", "effectPayload", "scenario", "fixtures", "events", "verbs",
  ]
  /// A manifest larger than this (4 MiB) is refused unread.
  static let maximumSize = 4 << 20

  let file: String
  var problems: [LintProblem] = []
  var warnings: [LintProblem] = []
  var seenFixtures: [String: Int] = [:]
  /// The lines whose value was quoted.
  var quotedLines: Set<Int> = []
  /// The `chains:` lines whose items are indented further than the duet CLI reads.
  var deeperChainLines: Set<Int> = []

  /// The manifest in `text`, found at `location`, and every problem in it.
  static func read(_ text: String, location: ManifestLocation) -> (manifest: Manifest, problems: [LintProblem]) {
    let file = location.displayName
    let parsed = YAMLSubsetParser.parse(text, file: file)
    var reader = ManifestReader(file: file)
    reader.problems = parsed.problems
    reader.quotedLines = parsed.quotedLines
    reader.deeperChainLines = parsed.deeperChainLines
    var manifest = Manifest(location: location)
    reader.readTop(parsed.root, into: &manifest)
    manifest.warnings = reader.warnings
    // A line the grammar refused is reported once; rule checks on its stand-in value would only echo it.
    let syntaxLines = Set(parsed.problems.compactMap(\.line))
    let ruleProblems = reader.problems.dropFirst(parsed.problems.count).filter { !syntaxLines.contains($0.line ?? 0) }
    let problems = (parsed.problems + ruleProblems).enumerated().sorted {
      ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset)
    }.map(\.element)
    return (manifest, problems)
  }

  /// Reads the manifest file at `location`: only a regular file (a pipe would block the read), and
  /// only up to `maximumSize`.
  static func load(_ location: ManifestLocation) -> (manifest: Manifest, problems: [LintProblem]) {
    func refused(_ message: String) -> (manifest: Manifest, problems: [LintProblem]) {
      (Manifest(location: location), [LintProblem(file: location.displayName, message: message)])
    }
    let path: String
    switch FileInspection.inspect(location.file) {
    case .missing, .outside: return refused("cannot be read. Check that the file is readable.")
    case .notAFile(let kind):
      return refused("is \(kind), not a manifest file; it was not read. Give the path of manifest.yaml itself.")
    case .regular(let size, let resolved):
      if size > maximumSize {
        return refused(
          "is \(ByteCount.describe(size)), far larger than any manifest; it was not read. Check the path.")
      }
      path = resolved
    }
    guard let data = SystemFile.prefix(ofFileAt: path, upTo: maximumSize + 1) else {
      return refused("cannot be read. Check that the file is readable.")
    }
    if data.count > maximumSize {
      return refused(
        "is \(ByteCount.describe(data.count)), far larger than any manifest; it was not read. Check the path.")
    }
    guard let text = String(data: Data(data), encoding: .utf8) else {
      return (
        Manifest(location: location),
        [LintProblem(file: location.displayName, message: "is not valid UTF-8 text. Save it as UTF-8.")]
      )
    }
    return read(text, location: location)
  }

  mutating func readTop(_ root: YAMLNode, into manifest: inout Manifest) {
    guard case .mapping(let entries, _) = root else { return }
    var seen: [String: Int] = [:]
    for entry in entries {
      if let first = seen[entry.key] {
        report(
          entry.line, "the top-level key '\(entry.key)' appears twice (first on line \(first)). Merge the sections.")
        continue
      }
      seen[entry.key] = entry.line
      switch entry.key {
      case "replayRunner": manifest.replayRunner = path(entry, what: "replayRunner")
      case "features": manifest.features = readFeatures(entry.value)
      case "chains": manifest.chains = readChains(entry)
      case "telemetry": manifest.refusedTelemetry = refuseTelemetrySection(entry)
      case "presentation":
        manifest.presentation = entry.value
        warnings += DuetSectionShapes.problems(entry, file: file)
      case "mocks":
        manifest.mocks = entry.value
        warnings += DuetSectionShapes.problems(entry, file: file)
      default:
        report(
          entry.line,
          "unknown top-level key '\(entry.key)'. The known keys are replayRunner, features, chains, presentation "
            + "and mocks (the duet CLI reads this manifest too, and rejects any other)."
            + (entry.key == "waivers"
              ? " Waivers belong under presentation: (as its waivers: list), where the duet CLI reads them; "
                + "\(Program.name) gates every listed recording either way. Move the list there, or remove the key."
              : Suggestion.hint(for: entry.key, among: Self.topLevelKeys)))
      }
    }
  }

  mutating func readFeatures(_ node: YAMLNode) -> [ManifestFeature] {
    let entries: [YAMLEntry]
    switch node {
    case .empty: return []
    case .mapping(let list, _): entries = list
    default:
      report(node.line, "features: must be a mapping of feature names, found \(node.kindPhrase).")
      return []
    }
    var features: [ManifestFeature] = []
    var seen: [String: Int] = [:]
    for entry in entries {
      if let first = seen[entry.key] {
        report(
          entry.line,
          "feature '\(entry.key)' is declared twice (first on line \(first)). Merge the two entries: \(Program.name) "
            + "refuses to guess which one holds the feature's recordings and paths.")
        continue
      }
      seen[entry.key] = entry.line
      if !NameRules.isFeatureName(entry.key) {
        report(entry.line, "'\(entry.key)' is not a valid feature name: \(NameRules.featureRule).")
      }
      features.append(readFeature(entry))
    }
    return features
  }

  mutating func readFeature(_ entry: YAMLEntry) -> ManifestFeature {
    var feature = ManifestFeature(name: entry.key, line: entry.line)
    let entries: [YAMLEntry]
    switch entry.value {
    case .mapping(let list, _): entries = list
    case .empty: entries = []
    default:
      report(
        entry.line,
        "feature '\(entry.key)' must be a mapping of keys (fixtures:, swift:, …), found \(entry.value.kindPhrase).")
      return feature
    }
    var seen: [String: Int] = [:]
    var sawFixtures = false
    for key in entries {
      if let first = seen[key.key] {
        report(key.line, "'\(key.key)' appears twice in feature '\(entry.key)' (first on line \(first)). Keep one.")
        continue
      }
      seen[key.key] = key.line
      let what = "'\(key.key)' of feature '\(entry.key)'"
      switch key.key {
      case "swift": feature.swift = path(key, what: what)
      case "kotlin": feature.kotlin = path(key, what: what)
      case "state": feature.state = scalar(key, what: what)
      case "action": feature.action = scalar(key, what: what)
      case "effectPayload": feature.effectPayload = scalar(key, what: what)
      case "scenario": feature.scenario = path(key, what: what)
      case "fixtures":
        sawFixtures = true
        feature.fixtures = readFixtureNames(key, owner: entry.key)
      case "events": feature.events = list(key, what: "the events of feature '\(entry.key)'")
      case "verbs": feature.verbs = list(key, what: "the verbs of feature '\(entry.key)'")
      default:
        // The duet CLI carries unknown per-feature keys verbatim, so this is only a warning.
        warn(
          key.line,
          "unknown key '\(key.key)' in feature '\(entry.key)' is ignored. The known keys are swift, kotlin, state, "
            + "action, effectPayload, scenario, fixtures, events and verbs."
            + Suggestion.hint(for: key.key, among: Self.featureKeys))
      }
    }
    warnAboutTypeNamesReadOtherwise(in: feature)
    if !sawFixtures {
      report(
        entry.line,
        "feature '\(entry.key)' has no fixtures: list. Add one listing its recordings (fixtures: [] while it has none): "
          + "the duet CLI reads a feature without one as owning no recordings, and \(Program.name) asks for the list "
          + "so that a forgotten one never passes unnoticed.")
    }
    return feature
  }

  mutating func readFixtureNames(_ entry: YAMLEntry, owner: String) -> [ManifestEntry] {
    recordingNames(entry, what: "fixtures of feature '\(owner)'", noun: "fixture")
  }

  mutating func readChains(_ entry: YAMLEntry) -> [ManifestEntry] {
    if case .list([], _) = entry.value {
      warn(
        entry.line,
        "an inline 'chains: []' is accepted here but the duet CLI rejects it. Write 'chains:' with no value, or "
          + "remove the key.")
    }
    if deeperChainLines.contains(entry.line) {
      warn(
        entry.line + 1,
        "chain items indented more than 2 spaces under chains: (line \(entry.line)) are read here, but the duet CLI "
          + "reads chain items only at indent 2 and skips these, so it would not gate these chains. Indent them 2 spaces."
      )
    }
    return recordingNames(entry, what: "chains", noun: "chain")
  }

  /// The recording names listed under `entry`: each must be a valid name (a problem calls an
  /// invalid one a `noun`) listed nowhere before.
  mutating func recordingNames(_ entry: YAMLEntry, what: String, noun: String) -> [ManifestEntry] {
    let items = list(entry, what: what)
    var names: [ManifestEntry] = []
    names.reserveCapacity(items.count)
    seenFixtures.reserveCapacity(seenFixtures.count + items.count)
    for item in items {
      if !NameRules.isFixtureName(item.name) {
        report(item.line, "'\(item.name)' is not a valid \(noun) name: \(NameRules.fixtureRule).")
        continue
      }
      if quotedLines.contains(item.line) {
        warn(
          item.line,
          "the \(noun) name '\(item.name)' is quoted: \(Program.name) reads the name \(item.name), but the duet CLI "
            + "reads the quotes as part of the name, so the two tools look for different recordings. Write the name "
            + "unquoted.")
      }
      if noteFixture(item) { names.append(item) }
    }
    return names
  }

  /// Records a listed fixture name; false (with a problem) when it was listed before.
  mutating func noteFixture(_ item: ManifestEntry) -> Bool {
    // One hash on the common path (a name listed once); a repeat puts the first line back.
    if let first = seenFixtures.updateValue(item.line, forKey: item.name) {
      seenFixtures[item.name] = first
      report(
        item.line,
        "recording '\(item.name)' is listed twice (first on line \(first)). List each recording once: its one file "
          + "has one owner, and a second listing would replay it twice.")
      return false
    }
    return true
  }

  /// A top-level `telemetry:` section breaks the duet CLI, which reads the same manifest: the
  /// error shows the per-feature form, filled with the names the section declared (the corpus
  /// scan names their features once it has read the recordings).
  mutating func refuseTelemetrySection(_ entry: YAMLEntry) -> RefusedTelemetrySection {
    var section = RefusedTelemetrySection(line: entry.line, events: [], verbs: [])
    if case .mapping(let entries, _) = entry.value {
      for item in entries {
        guard case .list(let names, _) = item.value else { continue }
        let scalars = names.compactMap { node -> String? in
          if case .scalar(let text, _) = node { return text }
          return nil
        }
        if item.key == "events" { section.events += scalars }
        if item.key == "verbs" { section.verbs += scalars }
      }
    }
    report(entry.line, section.message())
    return section
  }

  /// A path scalar: a quoted one is read without its quotes here, but the duet CLI keeps them as
  /// part of the path, so the two tools would read different files; that is worth a warning.
  mutating func path(_ entry: YAMLEntry, what: String) -> ManifestEntry? {
    let value = scalar(entry, what: what)
    if let value, quotedLines.contains(entry.line) {
      warn(
        entry.line,
        "\(what) is quoted: \(Program.name) reads the path \(value.name) without the quotes, but the duet CLI reads "
          + "the quotes as part of the path, so the two tools disagree on the file. Write the path unquoted.")
    }
    if let value, value.name.contains("#") {
      warn(
        entry.line,
        "\(what) contains '#': \(Program.name) reads the path \(value.name), but the duet CLI reads everything from the # "
          + "on as a comment, so the two tools disagree on the file. Rename the file without '#'.")
    }
    return value
  }

  /// The type names of a feature whose two cores the duet CLI compares (`swift:` and a `kotlin:`
  /// that is not `pending`): it reads each as written, quotes included and only up to a `#`, so a
  /// quoted name or one holding `#` would make the two tools compare different declarations.
  mutating func warnAboutTypeNamesReadOtherwise(in feature: ManifestFeature) {
    guard feature.swift != nil, let kotlin = feature.kotlin, kotlin.name != "pending" else { return }
    for (key, entry) in [
      ("state", feature.state), ("action", feature.action), ("effectPayload", feature.effectPayload),
    ] {
      guard let entry, quotedLines.contains(entry.line) || entry.name.contains("#") else { continue }
      let hash = entry.name.contains("#")
      warn(
        entry.line,
        "'\(key)' of feature '\(feature.name)' is \(hash ? "written with '#'" : "quoted"): \(Program.name) reads the "
          + "type name \(entry.name), but the duet CLI reads "
          + (hash ? "everything from the # on as a comment" : "the quotes as part of the name")
          + ", so the two tools would compare different declarations. Write the type's name alone, unquoted.")
    }
  }

  /// The scalar under `entry`, or nil with a problem.
  mutating func scalar(_ entry: YAMLEntry, what: String) -> ManifestEntry? {
    switch entry.value {
    case .scalar(let text, _): return ManifestEntry(name: text, line: entry.line)
    case .empty:
      report(entry.line, "\(what) has no value. Write it on the same line: '\(entry.key): …'.")
    default:
      report(entry.line, "\(what) must be a single value, found \(entry.value.kindPhrase).")
    }
    return nil
  }

  /// The scalar items of the list under `entry` (`[]` and an empty key count as empty).
  mutating func list(_ entry: YAMLEntry, what: String) -> [ManifestEntry] {
    switch entry.value {
    case .empty: return []
    case .list(let items, _):
      var result: [ManifestEntry] = []
      result.reserveCapacity(items.count)
      for item in items {
        guard case .scalar(let text, let line) = item else {
          report(item.line, "each item of \(what) must be a single name, found \(item.kindPhrase).")
          continue
        }
        result.append(ManifestEntry(name: text, line: line))
      }
      return result
    default:
      report(entry.line, "\(what) must be a list ('- name' lines), found \(entry.value.kindPhrase).")
      return []
    }
  }

  mutating func report(_ line: Int, _ message: String) {
    problems.append(LintProblem(file: file, line: line, message: message))
  }

  mutating func warn(_ line: Int, _ message: String) {
    warnings.append(LintProblem(file: file, line: line, message: message))
  }
}
