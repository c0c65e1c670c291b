import DuetCore

/// Renders `explain <fixture>#<step>`: the step's action, the state sent, and the full expected vs
/// actual state and effects in pretty form, then the compact diff around the first divergence
/// (the few lines to look at), then the verdict of that step.
enum ExplanationReport {
  /// The explanation as text, ending with the step's verdict line.
  static func render(
    _ explanation: StepExplanation, fixture: String, kind: FixtureDocument.Kind, source: String?,
    style: TerminalStyle = TerminalStyle(enabled: false)
  )
    -> String
  {
    let step = explanation.step
    let exchange = explanation.exchange
    var header = (kind == .chain ? "chain" : "fixture") + " '\(fixture.printable)' step \(step.index)"
    if let node = step.node { header += " (\(node.printable))" }
    if let label = step.label { header += " '\(label.printable)'" }
    var lines = [header, "  action: \(exchange.action.printable)"]
    if let source { lines.append("  scenario: \(source.printable)" + (step.line.map { ":\($0)" } ?? "")) }
    if let earlier = explanation.earlierFailure, let index = earlier.step {
      var note = "  note: step \(index) already failed (\(FailureBlock.phrase(earlier.reason))"
      if let divergence = earlier.divergence { note += " at \(divergence.path.printable)" }
      lines.append(note + "); the states below are threaded from the runner's actual answers")
    }
    lines.append("")
    lines += section("state sent", exchange.sentState)
    lines += section("expected state", exchange.expectedState ?? "(not recorded for this chain step)")
    switch exchange.reply {
    case .answer(let state, let effects):
      lines += section("actual state", state)
      lines += section("expected effects", exchange.expectedEffects)
      lines += section("actual effects", effects)
    case .refused(let message):
      lines += section("expected effects", exchange.expectedEffects)
      lines.append("the runner answered with an error: \(message.printable)")
      lines.append("")
    }
    if let diff = explanation.failure?.diff, !diff.isEmpty {
      lines += FailureGroupBlock.diffLines(diff, style: style, indent: "")
      lines.append("")
    }
    if let failure = explanation.failure {
      var verdict = "result: " + FailureBlock.phrase(failure.reason)
      if let divergence = failure.divergence {
        verdict +=
          " at \(divergence.path.printable) — expected: \(divergence.expected.printable)   actual: "
          + divergence.actual.printable
      }
      lines.append(verdict)
      if let detail = failure.detail, failure.reason != .runnerError { lines.append("  " + detail.printable) }
    } else {
      lines.append("result: the step matches (state and effects are byte-identical)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A titled block: the value in pretty canonical form when it parses, else as sent.
  static func section(_ title: String, _ text: String) -> [String] {
    var body = text.printable
    if let tree = try? JSONParser().parse(text), let pretty = try? CanonicalWriter.pretty(tree) {
      body = PrintableText.escaped(String(pretty.dropLast()), keepingNewlines: true)
    }
    return ["\(title):", body, ""]
  }
}
