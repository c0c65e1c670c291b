import DuetPlatform

/// GitHub Actions annotations (`GITHUB_ACTIONS=true`): each failure also as
/// `::error file=<scenario source>,line=<line>::<one-line message>%0Anext: <command>`, so it shows
/// on the pull request's diff at the scenario line that recorded it, with the command that
/// reproduces it on its lane (as the failure block's `next:` line).
enum GitHubAnnotations {
  /// True when running under GitHub Actions.
  static func enabled(environment: [String: String]) -> Bool {
    environment["GITHUB_ACTIONS"] == "true"
  }

  /// One annotation line per failure and lint problem.
  static func lines(for run: RunResult) -> [String] {
    var lines: [String] = []
    for problem in run.lintProblems {
      lines.append(annotation(file: problem.file, line: problem.line, message: problem.message))
    }
    // A run with several lanes says which lane failed: `[kotlin] fixture 'counter' step 1 …`.
    let naming = run.naming
    for lane in run.lanes {
      let tag = naming.tag(lane.platform)
      let arguments = run.arguments(reproducing: lane)
      for result in lane.fixtures {
        guard let oneLine = FailureBlock.oneLine(result), let failure = result.failure else { continue }
        var message = (tag.map { "[\($0)] " } ?? "") + oneLine
        if let next = FailureBlock.next(result, failure, arguments: arguments) { message += "\nnext: " + next }
        let file = result.scenarioSource ?? result.file
        let line = result.scenarioSource == nil ? nil : result.failure?.line
        lines.append(annotation(file: file, line: line, message: message))
      }
    }
    for finding in run.taxonomyErrors {
      lines.append(annotation(file: nil, line: nil, message: finding.message))
    }
    for failure in run.runnerFailureLines {
      lines.append(annotation(file: nil, line: nil, message: failure))
    }
    return lines
  }

  static func annotation(file: String?, line: Int?, message: String) -> String {
    var properties: [String] = []
    if let file { properties.append("file=" + escapeProperty(file.printable)) }
    if let line { properties.append("line=\(line)") }
    let head = properties.isEmpty ? "::error" : "::error " + properties.joined(separator: ",")
    // Control characters other than line breaks are escaped; line breaks become %0A (data, not a
    // new workflow command).
    return head + "::" + escapeData(PrintableText.escaped(message, keepingNewlines: true))
  }

  /// Workflow-command escaping of the message.
  static func escapeData(_ text: String) -> String {
    text.replacingEvery("%", with: "%25").replacingEvery("\r", with: "%0D")
      .replacingEvery("\n", with: "%0A")
  }

  /// Workflow-command escaping of a property value.
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingEvery(":", with: "%3A").replacingEvery(",", with: "%2C")
  }
}
