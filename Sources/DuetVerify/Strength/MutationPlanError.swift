/// Why a mutation plan could not be made: a reducer source that cannot be read, or a row of
/// Duet's table (`parity/mutations.json`) that breaks the duet CLI's rules. A bad row stops the
/// drill before anything is built (the duet CLI's config error), naming the row and what to do.
enum MutationPlanError: Diagnostic, Equatable, Sendable {
  /// A file given to the planner could not be read as UTF-8.
  case unreadableSource(file: String)
  /// The table is not JSON, or not an object with a `mutations` array.
  case unreadableTable(table: String, reason: String)
  /// The table's `mutations` array is empty.
  case emptyTable(table: String)
  /// Row `row` (1-based) lacks a non-empty `name`, `file`, `old` or `seeds`, or a string `new`.
  case incompleteRow(table: String, row: Int)
  /// Row `name`'s `old` and `new` are the same text.
  case unchangedRow(table: String, name: String)
  /// Two rows share `name`.
  case duplicateName(table: String, name: String)
  /// Row `name`'s `file` cannot be read.
  case unreadableRowFile(table: String, name: String, file: String)
  /// Row `name`'s Swift `file` lies outside the runner package the drill copies.
  case outsidePackage(table: String, name: String, file: String, package: String)
  /// Row `name`'s `old` occurs `matches` times in `file` (it must occur exactly once).
  case ambiguousOld(table: String, name: String, file: String, matches: Int)

  var speaker: String? { "mutate" }

  var message: String {
    switch self {
    case .unreadableSource(let file):
      return "cannot read \(file) as UTF-8 text, so no mutant can be planned in it. Check that the file exists "
        + "in the runner package and is a Swift source."
    case .unreadableTable(let table, let reason):
      return "\(table) is not a mutation table (\(reason)). Its shape is {\"mutations\": [{\"name\": …, \"file\": …, "
        + "\"old\": …, \"new\": …, \"seeds\": …}]}; fix the file or remove it."
    case .emptyTable(let table):
      return "\(table) has no rows: a drill that seeds nothing proves nothing. Add a row or remove the file."
    case .incompleteRow(let table, let row):
      return "\(table): row \(row) needs a non-empty \"name\", \"file\", \"old\" and \"seeds\", and a \"new\" string "
        + "(which may be empty). Complete the row or remove it."
    case .unchangedRow(let table, let name):
      return "\(table): row '\(name)' has the same \"old\" and \"new\", so it mutates nothing. Change \"new\" or "
        + "remove the row."
    case .duplicateName(let table, let name):
      return "\(table): two rows are named '\(name)'; names must be unique. Rename one of them."
    case .unreadableRowFile(let table, let name, let file):
      return "\(table): row '\(name)' mutates \(file), which cannot be read (the source moved?). Point \"file\" at "
        + "the source, relative to the repository root, or remove the row."
    case .outsidePackage(let table, let name, let file, let package):
      return "\(table): row '\(name)' mutates \(file), which is outside the runner package \(package) that the "
        + "drill copies and builds. Move the row's change into the package's sources or remove the row."
    case .ambiguousOld(let table, let name, let file, let matches):
      let found = matches == 0 ? "does not occur" : "occurs \(matches) times"
      return "\(table): row '\(name)': its \"old\" text \(found) in \(file); it must occur exactly once. "
        + (matches == 0
          ? "Update \"old\" to the current source, or remove the row."
          : "Lengthen \"old\" with surrounding text until only one place matches.")
    }
  }
}
