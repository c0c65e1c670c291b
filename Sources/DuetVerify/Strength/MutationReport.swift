/// The mutation-testing report schema's shapes (only the parts `mutate --json` fills), so the
/// encoder, not string building, writes the report and every key has one spelling.
struct MutationReport: Encodable {
  struct Thresholds: Encodable {
    var high: Int
    var low: Int
  }

  /// The schema's `Location`: 1-based lines and columns, as the drill's own positions count them.
  struct Location: Encodable {
    var start: SourcePosition
    var end: SourcePosition
  }

  /// One mutant: the schema's `MutantResult`.
  struct Mutant: Encodable {
    var id: String
    var mutatorName: String
    var replacement: String
    var description: String
    var location: Location
    var status: String
    var statusReason: String?
    var killedBy: [String]?
    var coveredBy: [String]?
    var testsCompleted: Int?
    var duration: Int

    init(_ result: MutantResult) {
      let mutant = result.mutant
      id = mutant.id
      mutatorName = mutant.mutationOperator.rawValue
      replacement = mutant.replacement
      description = mutant.tableRow.map { "table row \($0)" } ?? "\(mutant.original) → \(mutant.replacement)"
      location = Location(start: mutant.start, end: mutant.end)
      status = result.status.rawValue
      statusReason = result.detail
      killedBy = result.status == .killed ? result.recording.map { [$0] } : nil
      // A mutant no recording reaches was covered by none; the others by what was replayed.
      coveredBy = result.status == .noCoverage ? [] : result.recordings
      switch result.status {
      case .survived: testsCompleted = result.recordings.count
      case .noCoverage, .compileError: testsCompleted = 0
      case .killed, .timeout, .runtimeError: testsCompleted = nil  // the drill stops at the first failure
      }
      duration = result.millis
    }
  }

  struct File: Encodable {
    var language: String
    var source: String
    var mutants: [Mutant]
  }

  struct Test: Encodable {
    var id: String
    var name: String
  }

  struct TestFile: Encodable {
    var tests: [Test]
  }

  struct Framework: Encodable {
    var name: String
  }

  struct Performance: Encodable {
    var setup: Double
    var initialRun: Double
    var mutation: Double
  }

  /// The schema's free-form `config`: the options that decide the verdict.
  struct Config: Encodable {
    var minScore: Int?
    var baselineRecordings: Int
  }

  var schemaVersion: String
  var thresholds: Thresholds
  var files: [String: File]
  var testFiles: [String: TestFile]
  var framework: Framework
  var performance: Performance
  var config: Config
}
