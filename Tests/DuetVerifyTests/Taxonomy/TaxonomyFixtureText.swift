import DuetCore
import XCTest

@testable import DuetVerify

/// Fixture documents for the taxonomy tests, written as JSON text the way recordings are.
///
/// Local to the taxonomy tests (the names are prefixed so they never collide with the rest of the
/// target's helpers).
enum TaxonomyFixtureText {
  /// A `track` effect as recorded: `{"kind":"run","payload":{"case":"track","value":{"event":…}}}`.
  static func track(_ subject: String, _ verb: String, _ params: String...) -> String {
    #"{"kind":"run","payload":{"case":"track","value":{"event":{"params":[\#(params.joined(separator: ","))],"subject":"\#(subject)","verb":"\#(verb)"}}}}"#
  }

  static func string(_ key: String, _ value: String) -> String {
    #"{"case":"string","value":{"key":"\#(key)","value":"\#(value)"}}"#
  }

  static func int(_ key: String, _ value: Int) -> String {
    #"{"case":"int","value":{"key":"\#(key)","value":\#(value)}}"#
  }

  static func bool(_ key: String, _ value: Bool) -> String {
    #"{"case":"bool","value":{"key":"\#(key)","value":\#(value)}}"#
  }

  static let notify = #"{"kind":"run","payload":{"case":"notifyListener","value":{"case":"completed"}}}"#

  /// A leaf fixture: one step per element, each with those effects.
  static func leaf(_ feature: String, steps: [[String]]) -> String {
    let rendered = steps.enumerated().map { index, effects in
      #"{"action":{"case":"tapped"},"expectedEffects":[\#(effects.joined(separator: ","))],"expectedState":{},"label":"step \#(index)","line":\#(10 + index)}"#
    }
    return #"{"dialect":2,"feature":"\#(feature)","initialState":{},"steps":[\#(rendered.joined(separator: ","))]}"#
  }

  /// home's promo recording: `Promo Viewed` at step 0.
  static let homePromo = ("home.promo", leaf("home", steps: [[track("Promo", "Viewed")]]))

  /// reports' archive recording: `Report Archived` at step 0 (a verb no starter list holds).
  static let reportArchive = ("reports.archive", leaf("reports", steps: [[track("Report", "Archived")]]))

  /// A chain fixture: each step names its node.
  static func chain(steps: [(node: String, effects: [String])]) -> String {
    let rendered = steps.map { step in
      #"{"action":{"case":"tapped"},"expectedEffects":[\#(step.effects.joined(separator: ","))],"node":"\#(step.node)"}"#
    }
    return #"{"dialect":2,"initialStates":{"root":{},"signin":{}},"steps":[\#(rendered.joined(separator: ","))]}"#
  }

  /// Declarations from line 20 on: `verbs:` (when any) and `events:` headers, one name a line;
  /// `declarers` says which feature declares an event (none: the ownership rule is not asked).
  static func declared(
    verbs: [String] = [], events: [String], declarers: [String: [String]] = [:]
  ) -> ManifestTelemetry {
    var line = 20
    func entries(_ names: [String]) -> [ManifestEntry] {
      guard !names.isEmpty else { return [] }
      line += 1
      return names.map { name in
        line += 1
        return ManifestEntry(name: name, line: line)
      }
    }
    let verbEntries = entries(verbs)
    return ManifestTelemetry(verbs: verbEntries, events: entries(events), declarers: declarers)
  }

  /// Runs the gate over named documents, in the given order.
  static func findings(
    _ declared: ManifestTelemetry?, _ fixtures: [(String, String)], file: StaticString = #filePath, line: UInt = #line
  ) throws -> [TaxonomyFinding] {
    try gate(declared, fixtures, file: file, line: line).finish()
  }

  static func gate(
    _ declared: ManifestTelemetry?, _ fixtures: [(String, String)], file: StaticString = #filePath, line: UInt = #line
  ) throws -> TaxonomyGate {
    var gate = TaxonomyGate(declared: declared)
    for (name, text) in fixtures {
      let document = try JSONParser().parse(text)
      gate.add(fixture: name, sightings: TrackEnvelopeScanner.scan(fixture: name, document: document, feature: nil))
    }
    return gate
  }
}
