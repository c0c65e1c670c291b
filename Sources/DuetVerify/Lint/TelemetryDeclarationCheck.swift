import DuetTelemetry

/// Checks the features' taxonomy declarations (`events:`, `verbs:`) are well-formed: no duplicate
/// within one feature's list, verbs spelled as dashboard tokens, and every event `Subject Verb`
/// with a verb the app knows (a starter verb, or one any feature mints).
///
/// Whether the recordings agree with the declaration is the taxonomy gate's job; this check only
/// makes sure the declaration itself can be agreed with. An event two features emit is declared
/// by both, so the same name in two features is not a duplicate.
enum TelemetryDeclarationCheck {
  /// The starter vocabulary every app has (docs/telemetry.md), exact spelling.
  static let starterVerbs = [
    "Viewed", "Opened", "Started", "Completed", "Failed", "Created", "Edited", "Deleted", "Toggled", "Signed Out",
  ]

  static func problems(_ features: [ManifestFeature], file: String) -> [LintProblem] {
    var problems: [LintProblem] = []
    func report(_ line: Int, _ message: String) {
      problems.append(LintProblem(file: file, line: line, message: message))
    }
    /// The entries of one feature's list, each name once; a repeat is reported.
    func unique(_ entries: [ManifestEntry], _ noun: String, of feature: String) -> [ManifestEntry] {
      var seen: [String: Int] = [:]
      return entries.filter { entry in
        if let first = seen[entry.name] {
          report(
            entry.line,
            "\(noun) '\(entry.name)' is declared twice by feature '\(feature)' (first on line \(first)). Remove the "
              + "duplicate.")
          return false
        }
        seen[entry.name] = entry.line
        return true
      }
    }
    var verbs = starterVerbs
    for feature in features {
      for verb in unique(feature.verbs, "verb", of: feature.name) {
        // A minted verb repeating a starter verb is the taxonomy gate's warning, not a lint error.
        if !isTitleWords(verb.name) {
          report(
            verb.line,
            "verb '\(verb.name)' is not spelled as a dashboard token: capitalised words separated by single spaces "
              + "(e.g. 'Signed In').")
        }
        verbs.append(verb.name)
      }
    }
    for feature in features {
      for event in unique(feature.events, "event", of: feature.name) {
        guard isTitleWords(event.name), event.name.contains(" ") else {
          report(
            event.line,
            "event '\(event.name)' is not 'Subject Verb': write a capitalised subject, one space, and a verb "
              + "(e.g. 'Session Signed In').")
          continue
        }
        let known = verbs.contains { event.name.hasSuffix(" " + $0) }
        if !known {
          report(
            event.line,
            "event '\(event.name)' does not end in a known verb (the starter verbs, or one a feature mints under "
              + "verbs:). Use a starter verb such as 'Completed', or mint the verb under verbs: of feature "
              + "'\(feature.name)'.")
        }
      }
    }
    return problems
  }

  /// Words separated by single spaces, each starting with an upper-case letter or a digit: the
  /// rule the runtime fan-out holds every tracked name to as well (one rule, `EventNameRule`).
  static func isTitleWords(_ text: String) -> Bool { EventNameRule.isTitleWords(text) }
}
