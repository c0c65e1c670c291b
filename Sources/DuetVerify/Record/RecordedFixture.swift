import DuetCore

/// A compiled recording that passed every check and is ready to write: its name, the target that
/// produced it, its document and the exact bytes `record` writes (the pretty canonical form).
///
/// Not a loaded recording (that is `FixtureDocument`, read from disk for replay): a compiled
/// scenario document about to be written, whose shape is checked by the same reader replay uses.
///
/// A name is checked against the manifest's name rules before any path is built from it, so a
/// runner can never make `record` write outside the fixtures folder.
struct RecordedFixture: Equatable, Sendable {
  /// The recording's name (`counter-endings.keeps-counting`).
  var name: String
  /// The feature or chain whose scenarios produced it.
  var target: RecordTarget
  /// The document the runner compiled.
  var document: JSONValue
  /// The file's contents: `CanonicalWriter.pretty(document)`.
  var text: String

  /// Checks one fixture the runner sent; the error is a sentence naming the fixture and the fault.
  static func check(_ produced: ProducedFixture, target: RecordTarget) throws(RecordedFixtureError) -> RecordedFixture {
    let name = produced.name
    guard NameRules.isFixtureName(name) else {
      throw RecordedFixtureError(
        "the runner named a recording '\(name)', which cannot be a fixture name: \(NameRules.fixtureRule). "
          + "Rename the scenario or branch")
    }
    let document: FixtureDocument
    do {
      document = try FixtureDocumentReader.read(produced.document, name: name)
    } catch {
      throw RecordedFixtureError(
        "the runner's recording '\(name)' is not the shape of a recording: \(error.description) (fixtures.md)")
    }
    // Kind comes from the shape (initialStates), never the name: the target says which it must be.
    if case .feature = target, document.kind == .chain {
      throw RecordedFixtureError(
        "the runner sent '\(name)' for \(target.display) as a chain recording (it has initialStates); a feature's "
          + "scenarios compile to leaf recordings. Check the runner's registry")
    }
    if case .chain = target, document.kind != .chain {
      throw RecordedFixtureError(
        "the runner sent '\(name)' for \(target.display) as a leaf recording (it has no initialStates); a chain "
          + "scenario compiles to a chain recording. Check the runner's registry")
    }
    if case .feature(let feature) = target, let declared = document.feature, declared != feature {
      throw RecordedFixtureError(
        "the runner's recording '\(name)' says feature '\(declared)', but it was compiled for \(target.display)")
    }
    // A malformed track envelope would be written and only refused by the next verify.
    var owner: String?
    if case .feature(let feature) = target { owner = feature }
    for case .malformed(let reason, let location) in TrackEnvelopeScanner.scan(
      fixture: name, document: produced.document, feature: owner)
    {
      throw RecordedFixtureError(
        "the runner's recording '\(name)' would hold a malformed track envelope, so it was not written: "
          + TaxonomyMessages.malformed(reason, at: location))
    }
    let text: String
    do {
      text = try CanonicalWriter.pretty(produced.document)
    } catch {
      throw RecordedFixtureError(
        "the runner's recording '\(name)' cannot be written as canonical JSON: \(error.description)")
    }
    return RecordedFixture(name: name, target: target, document: produced.document, text: text)
  }
}

/// Why a fixture the runner sent cannot be written.
struct RecordedFixtureError: Error, Equatable, Sendable, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
