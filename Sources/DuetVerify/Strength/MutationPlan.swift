/// What a mutation drill will run, made before anything is built: every mutant found in the
/// reducer sources (and read from Duet's table), and the scratch copy's rewritten files that
/// hold all the schematized ones behind the runtime switch.
struct MutationPlan: Codable, Sendable {
  /// Every mutant, in file then source order; ids unique.
  var mutants: [Mutant]
  /// Files of the scratch copy to write, relative to the package root → their new text: each
  /// mutated source with its schematized sites, plus one switch file per mutated module (which
  /// reads ``Mutant/activeVariable`` and writes the ``Mutant/traceVariable`` trace).
  var rewrittenFiles: [String: String]
  /// Names of table rows the Swift drill leaves out: their `file` is not a Swift source (a
  /// Kotlin row of a two-platform table), so only the duet CLI can run them.
  var skippedTableRows: [String] = []
}
