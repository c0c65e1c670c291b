import DuetCore
import DuetPlatform

/// Duet's hand-written mutation table, `{"mutations": [{"name", "file", "old", "new",
/// "seeds"}]}`, read with the duet CLI's rules: at least one row; every row a non-empty `name`,
/// `file`, `old` and `seeds` and a `new` string (empty deletes); `old` ≠ `new`; names unique.
/// `file` is relative to the repository root. Whether `old` occurs exactly once is checked when
/// the rows become mutants, against the file.
struct MutationTable: Equatable, Sendable {
  struct Row: Equatable, Sendable {
    var name: String
    var file: String
    var old: String
    var new: String
    /// The defect the row would ship (a list, when the table gives one).
    var seeds: [String]
  }

  /// The table as shown in messages (`parity/mutations.json`).
  var path: String
  /// The folder row files are relative to: the repository root.
  var root: URL
  var rows: [Row]

  /// `parity/mutations.json` under `root`, else `mutations.json` beside the manifest; nil when
  /// neither exists.
  static func locate(root: URL, manifestFolder: URL) -> URL? {
    [root.appendingPathComponent("parity/mutations.json"), manifestFolder.appendingPathComponent("mutations.json")]
      .first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// Reads the table at `url`, its rows' files relative to `root`; `path` is how it is named.
  static func load(_ url: URL, root: URL, path: String) throws(MutationPlanError) -> MutationTable {
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      throw .unreadableTable(table: path, reason: "it cannot be read as UTF-8 text")
    }
    return try parse(text, root: root, path: path)
  }

  /// The table in `text`.
  static func parse(_ text: String, root: URL, path: String) throws(MutationPlanError) -> MutationTable {
    let tree: JSONValue
    do {
      tree = try JSONParser().parse(text)
    } catch {
      throw .unreadableTable(table: path, reason: "not JSON: \(error)")
    }
    guard case .object(let members) = tree, case .array(let entries)? = members["mutations"] else {
      throw .unreadableTable(table: path, reason: "not an object with a \"mutations\" array")
    }
    guard !entries.isEmpty else { throw .emptyTable(table: path) }
    var names: Set<String> = []
    var rows: [Row] = []
    for (index, entry) in entries.enumerated() {
      guard case .object(let fields) = entry, let name = nonEmpty(fields["name"]), let file = nonEmpty(fields["file"]),
        let old = nonEmpty(fields["old"]), case .string(let new)? = fields["new"], let seeds = seeds(fields["seeds"])
      else { throw .incompleteRow(table: path, row: index + 1) }
      guard old != new else { throw .unchangedRow(table: path, name: name) }
      guard names.insert(name).inserted else { throw .duplicateName(table: path, name: name) }
      rows.append(Row(name: name, file: file, old: old, new: new, seeds: seeds))
    }
    return MutationTable(path: path, root: root, rows: rows)
  }

  private static func nonEmpty(_ value: JSONValue?) -> String? {
    guard case .string(let text)? = value, !text.isEmpty else { return nil }
    return text
  }

  /// `seeds`: the duet CLI's non-empty string, or a non-empty list of them.
  private static func seeds(_ value: JSONValue?) -> [String]? {
    if let single = nonEmpty(value) { return [single] }
    guard case .array(let items)? = value, !items.isEmpty else { return nil }
    let texts = items.compactMap(nonEmpty)
    return texts.count == items.count ? texts : nil
  }
}
