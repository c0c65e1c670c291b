/// Where a mutation drill looked for mutants: the reducer modules of the selected features and how
/// many of their files could be mutated. A drill that made no mutant says it, so a wrong `swift:`
/// path or `--feature` shows as "nothing was mutated in …" instead of a score.
struct MutationSearch: Equatable, Sendable {
  /// The reducer modules, as the manifest's paths name them (`Sources/FoyerFeatures`), sorted.
  var modules: [String]
  /// The Swift files in them that may hold mutants (scenario files and files declaring a scenario
  /// or a chain left out); 0 under `--table-only`, which mutates none of them.
  var files: Int
}
