/// The human failure block of docs/recording.md, one per failed recording.
///
/// Layout (two-space indent under the header; Duet's layout, our `next:` command):
/// ```
/// ✗ fixture 'splash.repeat-appear-inert' step 1 'repeat appear inert › the splash appears again' — effects diverged
///   at expectedEffects[0]
///   expected: ∅   actual: {"id":"splash.safetyNet","kind":"run",…}
///   action: {"case":"appeared"}
///   scenario: Sources/FoyerFeatures/Splash/SplashScenario.swift:57
///   next: duet-verify explain splash.repeat-appear-inert#1
/// ```
/// Every field is printed through `PrintableText` (labels, sources and runner text come from
/// outside and must not forge output lines or reach the terminal as control bytes).
enum FailureBlock {
  /// The block's lines; `nil` for a passing result. `mark` styles the header's `✗`; `arguments`
  /// (those that reproduce the result's lane) are repeated on `next:` where its verb takes them.
  static func lines(
    for result: FixtureResult, mark: (String) -> String = { $0 }, arguments: ParsedArguments = .none
  ) -> [String]? {
    guard let failure = result.failure else { return nil }
    var lines = [header(result, failure, mark: mark)]
    let isDivergence = [.stateDiverged, .effectsDiverged, .seamBroken].contains(failure.reason)
    if let divergence = failure.divergence {
      lines.append("  at \(divergence.path.printable)")
      lines.append("  expected: \(divergence.expected.printable)   actual: \(divergence.actual.printable)")
    }
    if let detail = failure.detail {
      // A seam failure's detail is the tool's own sentence over compact canonical JSON (one line each).
      let shown = failure.reason == .seamBroken ? detail.printableLines : detail.printable
      lines.append("  " + (isDivergence && failure.reason != .seamBroken ? "note: " : "") + shown)
    }
    if let stderr = failure.stderr, !stderr.isEmpty {
      lines.append("  runner stderr (last lines):")
      lines += stderr.map { "    | " + $0.printable }
    }
    if let action = failure.action { lines.append("  action: \(action.printable)") }
    if let source = result.scenarioSource {
      lines.append("  scenario: \(source.printable)" + (failure.line.map { ":\($0)" } ?? ""))
    }
    if let next = next(result, failure, arguments: arguments) { lines.append("  next: \(next.printable)") }
    return lines
  }

  /// The block as text, lines joined with newlines (no trailing newline).
  static func render(_ result: FixtureResult, arguments: ParsedArguments = .none) -> String? {
    lines(for: result, arguments: arguments)?.joined(separator: "\n")
  }

  static func header(_ result: FixtureResult, _ failure: FixtureFailure, mark: (String) -> String) -> String {
    var text = mark("✗") + " " + (result.kind == .chain ? "chain" : "fixture") + " '\(result.name.printable)'"
    if let step = failure.step {
      text += " step \(step)"
      if let node = failure.node { text += " (\(node.printable))" }
      if let label = failure.label { text += " '\(label.printable)'" }
    }
    return text + " — " + phrase(failure.reason)
  }

  /// The header's closing phrase for each kind of failure.
  static func phrase(_ reason: FixtureFailure.Reason) -> String {
    switch reason {
    case .stateDiverged: return "state diverged"
    case .effectsDiverged: return "effects diverged"
    case .seamBroken: return "linkToNext seam broken"
    case .runnerError: return "runner answered with an error"
    case .runnerFault: return "runner failed"
    case .featureNotServed: return "feature not served by the runner"
    case .unreadable: return "recording unreadable"
    case .notRun: return "not replayed"
    }
  }

  /// The `next:` command for `failure`, or nil when no command would help.
  static func next(_ result: FixtureResult, _ failure: FixtureFailure, arguments: ParsedArguments) -> String? {
    switch failure.reason {
    case .unreadable: return NextHint.command(.lint, arguments: arguments)
    case .notRun, .featureNotServed: return nil
    default:
      guard let step = failure.step else { return nil }
      return NextHint.command(.explain, operand: "\(result.name)#\(step)", arguments: arguments)
    }
  }

  /// One line for annotations and JUnit messages:
  /// `fixture 'x' step 1 'label' — effects diverged at expectedEffects[0]: expected ∅, actual {…}`.
  static func oneLine(_ result: FixtureResult) -> String? {
    guard let failure = result.failure else { return nil }
    var text = header(result, failure) { _ in "" }.trimmingLeadingSpaces
    if let divergence = failure.divergence {
      text +=
        " at \(divergence.path.printable): expected \(divergence.expected.printable), actual "
        + divergence.actual.printable
    } else if let detail = failure.detail {
      text += ": " + detail.printable
    }
    return text.replacingNewlines
  }
}

extension String {
  var replacingNewlines: String {
    String(map { $0 == "\n" || $0 == "\r" ? " " : $0 })
  }
}
