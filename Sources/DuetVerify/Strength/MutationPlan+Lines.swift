/// From a compiler error in the scratch build back to the mutants that caused it: the drill
/// re-plans with those left unschematized (built alone) and builds again.
extension MutationPlan {
  /// The schematized mutants whose code is on `line` (1-based) of `file` (package-relative): in
  /// a rewritten source, those whose original range covers the line (lines never move); in a
  /// generated switch file, the mutant that line was generated for.
  func mutantIDs(file: String, line: Int) -> [String] {
    if file.hasSuffix("/" + MutantSwitchFile.fileName) || file == MutantSwitchFile.fileName {
      return rewrittenFiles[file].flatMap { MutantSwitchFile.mutantID(onLine: line, of: $0) }.map { [$0] } ?? []
    }
    return mutants.filter { $0.schematized && $0.file == file && $0.start.line <= line && line <= $0.end.line }
      .map(\.id)
  }
}
