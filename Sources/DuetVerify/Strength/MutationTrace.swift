import DuetPlatform

/// The baseline's trace: each runner started with ``Mutant/traceVariable`` set to a prefix appends
/// the id of every mutant site it evaluates to `<prefix>-<pid>`. One prefix per group of
/// recordings (a feature's, or a chain's), so the files tell which groups reach which mutants.
enum MutationTrace {
  /// The prefix of group `index` in `folder`.
  static func prefix(_ index: Int, in folder: URL) -> String {
    folder.appendingPathComponent("g\(index)").path
  }

  /// Every id written by runners given `prefix` (files `<prefix>-<pid>` in its folder).
  static func ids(prefix: String) -> Set<String> {
    let url = URL(fileURLWithPath: prefix)
    let folder = url.deletingLastPathComponent()
    let start = url.lastPathComponent + "-"
    var ids: Set<String> = []
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(start) {
      guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { continue }
      for line in text.split(separator: "\n") {
        let id = line.trimming(.whitespaces)
        if !id.isEmpty { ids.insert(id) }
      }
    }
    return ids
  }
}
