/// A mutant's verdict, in the vocabulary of the mutation-testing report schema (Stryker's).
enum MutantStatus: String, Codable, CaseIterable, Sendable {
  /// A recording's step failed with the mutant active: the corpus pins this behaviour.
  case killed = "Killed"
  /// Every recording that reaches the code still passed: the corpus misses this change.
  case survived = "Survived"
  /// No recording reaches the mutated code (the baseline's trace never saw it); not run.
  case noCoverage = "NoCoverage"
  /// The runner did not answer in time with the mutant active (a loop): counted as detected.
  case timeout = "Timeout"
  /// The mutant's own build failed (only for mutants built alone); not counted in the score.
  case compileError = "CompileError"
  /// The runner crashed with the mutant active: counted as detected.
  case runtimeError = "RuntimeError"

  /// Killed, timed out or crashed: the corpus noticed.
  var detected: Bool { self == .killed || self == .timeout || self == .runtimeError }
}
