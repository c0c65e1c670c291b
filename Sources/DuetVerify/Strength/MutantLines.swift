/// The sentences every `mutate` report shares about one mutant: where it is, what it changed,
/// the one-line diff and what to add to the corpus. The terminal, JUnit, annotations and the
/// HTML page all word a survivor the same way because they all read it from here.
enum MutantLines {
  /// `Sources/Logic/Counter.swift:12:17`, the file made printable (a hostile name cannot move
  /// the cursor or start a new line).
  static func location(_ mutant: Mutant) -> String {
    "\(mutant.file.printable):\(mutant.start.line):\(mutant.start.column)"
  }

  /// `` `<` → `<=` ``, or the table row's name for a row of `parity/mutations.json`.
  static func change(_ mutant: Mutant) -> String {
    if let row = mutant.tableRow { return "table row '\(row.printable)'" }
    let original = mutant.original.printable
    let replacement = mutant.replacement.isEmpty ? "(removed)" : "`\(mutant.replacement.printable)`"
    return "`\(original)` → \(replacement)"
  }

  /// The one-line diff: the original line and the mutated line, their indentation dropped.
  static func diff(_ mutant: Mutant) -> [String] {
    [
      "- " + mutant.originalLine.trimming(.whitespaces).printable,
      "+ " + mutant.mutatedLine.trimming(.whitespaces).printable,
    ]
  }

  /// ` in func counterReducer, case .increment` when the source is known, else empty.
  static func scope(_ mutant: Mutant, source: String?) -> String {
    guard let source else { return "" }
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let scope = SourceScope.enclosing(mutant.start.line, in: lines)
    let place = [scope.function, scope.switchCase].compactMap { $0?.printable }.joined(separator: ", ")
    return place.isEmpty ? "" : " in \(place)"
  }

  /// The survivor's block: its place, operator and change; the diff; the recordings that ran
  /// the code yet missed the change; the step to add.
  static func survivorBlock(_ result: MutantResult, source: String?) -> [String] {
    let mutant = result.mutant
    var lines = [
      "\(location(mutant)): mutant \(mutant.id.printable) survived: \(mutant.mutationOperator.rawValue) "
        + change(mutant) + scope(mutant, source: source)
    ]
    lines += diff(mutant).map { "  " + $0 }
    lines.append("  " + missed(result))
    lines.append("  " + advice(result))
    return lines
  }

  /// `feature counter: recordings counter-basic, counter-limit ran this code and missed the change`
  /// (long lists cut to their first names and a count, so a block stays a few lines long).
  static func missed(_ result: MutantResult) -> String {
    let features = result.features.map(\.printable)
    let owner =
      features.isEmpty
      ? "" : (features.count == 1 ? "feature " : "features ") + some(features, noun: "features") + ": "
    let recordings = result.recordings.map(\.printable)
    if recordings.isEmpty { return owner + "no recording was replayed with it active" }
    let noun = recordings.count == 1 ? "recording" : "recordings"
    return owner + "\(noun) \(some(recordings, noun: "recordings")) ran this code and missed the change"
  }

  /// How many names a list shows before it says how many more there are.
  static let shownNames = 4

  /// `a, b, c, d` or, for a longer list, `a, b, c and 46 more recordings`.
  static func some(_ names: [String], noun: String, separator: String = ", ", last: String = " and ") -> String {
    guard names.count > shownNames else { return names.joined(separator: separator) }
    let shown = names.prefix(shownNames - 1).joined(separator: separator)
    return shown + last + "\(names.count - (shownNames - 1)) more \(noun)"
  }

  /// `add a step to Scenarios/Counter.swift that …`, worded after the operator: what a step
  /// must do to tell the mutant from the original.
  static func advice(_ result: MutantResult) -> String {
    let target: String
    if !result.scenarios.isEmpty {
      target =
        "add a step to " + some(result.scenarios.map(\.printable), noun: "scenarios", separator: " or ", last: " or ")
    } else if let feature = result.features.first {
      target = "add a recording of feature \(feature.printable)"
    } else {
      target = "add a recording"
    }
    return target + " that " + need(result.mutant)
  }

  /// What a step must pin to kill a mutant of this operator.
  static func need(_ mutant: Mutant) -> String {
    if mutant.siteKind == .storedPropertyDefault {
      return "makes a fresh value of this type and checks this property (every recording carries its whole "
        + "starting state, so a default is seen only where a reducer builds a new value)"
    }
    let original = "`\(mutant.original.printable)`"
    let replacement = "`\(mutant.replacement.printable)`"
    switch mutant.mutationOperator {
    case .relationalBoundary:
      return "lands exactly on the boundary, where \(original) and \(replacement) disagree"
    case .equality, .logical, .booleanLiteral, .negatedCondition:
      return "takes the other way through this condition and checks what follows"
    case .arithmetic, .compoundAssignment, .integerLiteral:
      return "checks the value computed here (\(original) and \(replacement) give different numbers)"
    case .droppedEffects:
      return "checks the effects returned here"
    case .removedAssignment:
      return "checks the state this assignment sets"
    case .table:
      return "fails with this row's change applied"
        + (mutant.seeds.map { " (seeds: \($0.joined(separator: ", ")))" } ?? "")
    }
  }

  /// One compact line for a mutant that did not survive and was not killed: not reached, timed
  /// out, crashed the runner or did not build.
  static func compact(_ result: MutantResult) -> String? {
    let head = "\(location(result.mutant)): mutant \(result.mutant.id.printable) "
    let what = "\(result.mutant.mutationOperator.rawValue) \(change(result.mutant))"
    let detail = result.detail.map { ": " + $0.printable } ?? ""
    switch result.status {
    case .noCoverage:
      return head + "not covered: \(what); no recording reaches it, so it was not run"
    case .timeout:
      return head + "timed out: \(what)" + (result.recording.map { " on recording \($0.printable)" } ?? "")
        + " (counted as detected)" + detail
    case .runtimeError:
      return head + "crashed the runner: \(what)" + (result.recording.map { " on recording \($0.printable)" } ?? "")
        + " (counted as detected)" + detail
    case .compileError:
      return head + "did not build: \(what) (not scored)" + detail
    case .killed, .survived:
      return nil
    }
  }
}
