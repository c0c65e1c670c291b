/// The kinds of source change a mutation drill makes. Each has a stable name (shown in survivor
/// blocks and in `--json` as the schema's `mutatorName`) and a one-line description for docs.
enum MutationOperator: String, CaseIterable, Codable, Sendable {
  /// `<` ↔ `<=`, `>` ↔ `>=`: the off-by-one a boundary no step crosses hides.
  case relationalBoundary = "RelationalBoundary"
  /// `==` ↔ `!=`.
  case equality = "Equality"
  /// `&&` ↔ `||`.
  case logical = "Logical"
  /// `true` ↔ `false`.
  case booleanLiteral = "BooleanLiteral"
  /// `+` ↔ `-` (binary).
  case arithmetic = "Arithmetic"
  /// `+=` ↔ `-=`.
  case compoundAssignment = "CompoundAssignment"
  /// An integer literal `n` → `n + 1` (`0` → `1`).
  case integerLiteral = "IntegerLiteral"
  /// An `if` or `guard` condition negated.
  case negatedCondition = "NegatedCondition"
  /// `return [ … ]` → `return []`: a reducer's effects dropped.
  case droppedEffects = "DroppedEffects"
  /// An assignment to state removed (`state.x = …` no longer runs).
  case removedAssignment = "RemovedAssignment"
  /// A row of Duet's hand-written table, `parity/mutations.json`.
  case table = "Table"
}
