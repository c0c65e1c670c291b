@testable import DuetVerify

/// Hand-built drill results for the report tests: a counter reducer whose name limit no step
/// crosses (the survivor), and mutants of every other status.
enum MutationRunFixtures {
  static let file = "Sources/Logic/Counter.swift"
  static let source = """
    public func counterReducer(_ state: inout CounterState, _ action: CounterAction) -> [Effect<CounterEffect>] {
      switch action {
      case .renamed(let name):
        if name.count < 40 {
          state.name = name
        }
        return []
      case .incremented:
        state.count += 1
        return [.run(.saved)]
      }
    }
    """

  static func mutant(
    _ id: String, _ mutationOperator: MutationOperator, line: Int, column: Int, _ original: String,
    _ replacement: String,
    originalLine: String, mutatedLine: String, file: String = file
  ) -> Mutant {
    Mutant(
      id: id, mutationOperator: mutationOperator, file: file, start: SourcePosition(line: line, column: column),
      end: SourcePosition(line: line, column: column + original.unicodeScalars.count), original: original,
      replacement: replacement, originalLine: originalLine, mutatedLine: mutatedLine, schematized: true)
  }

  static let boundary = mutant(
    "1", .relationalBoundary, line: 4, column: 19, "<", "<=", originalLine: "    if name.count < 40 {",
    mutatedLine: "    if name.count <= 40 {")

  static let survivor = MutantResult(
    mutant: boundary, status: .survived, features: ["counter"], recordings: ["counter-basic", "counter-rename"],
    scenarios: ["Sources/Logic/CounterScenarios.swift"], millis: 120)

  static func result(_ status: MutantStatus, id: String, line: Int = 9) -> MutantResult {
    let mutant = mutant(
      id, .compoundAssignment, line: line, column: 17, "+=", "-=", originalLine: "    state.count += 1",
      mutatedLine: "    state.count -= 1")
    return MutantResult(
      mutant: mutant, status: status, recording: status == .killed ? "counter-basic" : nil,
      step: status == .killed ? 2 : nil, detail: status == .killed ? "state.count: expected 1, got -1" : nil,
      features: ["counter"], recordings: status == .noCoverage ? [] : ["counter-basic"],
      scenarios: ["Sources/Logic/CounterScenarios.swift"], millis: 40)
  }

  /// 41 killed, 2 timeout, 5 survived, 1 no coverage in 48 s: the spec's own summary.
  static var specRun: MutationRun {
    var results: [MutantResult] = []
    for index in 0..<41 { results.append(result(.killed, id: "k\(index)")) }
    for index in 0..<2 { results.append(result(.timeout, id: "t\(index)")) }
    for index in 0..<5 {
      var survivor = survivor
      survivor.mutant.id = "s\(index)"
      results.append(survivor)
    }
    results.append(result(.noCoverage, id: "n0"))
    return MutationRun(
      results: results, minScore: nil, baselineRecordings: 7, buildMillis: 20_000, baselineMillis: 3_000,
      totalMillis: 48_700)
  }

  static func run(_ results: [MutantResult], minScore: Int? = nil) -> MutationRun {
    MutationRun(
      results: results, minScore: minScore, baselineRecordings: 2, buildMillis: 900, baselineMillis: 300,
      totalMillis: 4_250)
  }

  /// A survivor whose file name, recording and scenario carry markup, quotes, workflow-command
  /// characters and a newline, and whose line closes a script.
  static var hostile: MutantResult {
    var result = survivor
    result.mutant.file = "Sources/<img src=x onerror=alert(1)>/a,b:c%\"'\n.swift"
    result.mutant.originalLine = "    let s = \"</script><script>alert(1)</script>\" && a < 40"
    result.mutant.mutatedLine = "    let s = \"</script><script>alert(1)</script>\" && a <= 40"
    result.recordings = ["rec<b>&\"1\"\u{1B}[31m"]
    result.scenarios = ["Scen</script>.swift"]
    return result
  }

  static let hostileSource = "let s = \"</script><script>alert(1)</script>\"\n"
}
