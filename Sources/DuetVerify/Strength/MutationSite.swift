/// A place in one file where an operator makes a mutant, found before ids are given: what it
/// replaces (scalar offsets of the original), with what, and how the runtime switch holds it.
struct MutationSite: Equatable, Sendable {
  /// How the schematized file expresses the site behind the switch.
  enum Schema: Equatable, Sendable {
    /// The operator token becomes a generated operator in `precedence`, which runs the original
    /// or the mutant operator.
    case binaryOperator(precedence: String)
    /// The literal becomes a call returning the original or the mutant value.
    case literal
    /// The condition (from `start` to `end`) is passed through a call that negates it when active.
    case negatedCondition
    /// A guard returning `[]` when active is put before the `return` at `returnStart`.
    case droppedEffects(returnStart: Int)
    /// The statement (from `start` to `end`) is put in a block that runs unless active.
    case removedStatement
  }

  var mutationOperator: MutationOperator
  /// Offsets in the file's scalars of the replaced text: `start` inclusive, `end` exclusive.
  var start: Int
  var end: Int
  var replacement: String
  var schema: Schema
  /// The code around the site, as far as a report's advice cares (``MutationSiteFinder`` sets it).
  var kind: Mutant.SiteKind = .code
}
