import DuetPlatform

/// The baseline's trace: each runner started with ``Mutant/traceVariable`` set to a prefix appends
/// the id of every mutant site it evaluates to `<prefix>-<pid>`. One prefix per group of
/// recordings (a feature's, or a chain's), so the files tell which groups reach which mutants.
///
/// Start-up is left out: a runner builds its whole registry before the first request, running
/// every scenario's `Given` state (and so the default values of every feature's state). The drill
/// first starts one runner with no request and ``Mutant/startupProbe``, counting what start-up
/// evaluates (``counts(prefix:)``); the groups' runners get those counts (``startupSetting(_:)``)
/// and write a site only once evaluated more often than that, i.e. once a request reached it.
enum MutationTrace {
  /// The prefix of group `index` in `folder`.
  static func prefix(_ index: Int, in folder: URL) -> String {
    folder.appendingPathComponent("g\(index)").path
  }

  /// Every id written by runners given `prefix` (files `<prefix>-<pid>` in its folder).
  static func ids(prefix: String) -> Set<String> {
    Set(counts(prefix: prefix).keys)
  }

  /// How many times each id was written by runners given `prefix`: with ``Mutant/startupProbe``,
  /// how often start-up evaluated its site.
  static func counts(prefix: String) -> [String: Int] {
    let url = URL(fileURLWithPath: prefix)
    let folder = url.deletingLastPathComponent()
    let start = url.lastPathComponent + "-"
    var counts: [String: Int] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(start) {
      guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { continue }
      for line in text.split(separator: "\n") {
        let id = line.trimming(.whitespaces)
        if !id.isEmpty { counts[id, default: 0] += 1 }
      }
    }
    return counts
  }

  /// The value of ``Mutant/startupVariable`` that leaves out the start-up `counts` (`id:count`
  /// pairs, by id, comma-separated).
  static func startupSetting(_ counts: [String: Int]) -> String {
    counts.sorted { (Int($0.key) ?? 0, $0.key) < (Int($1.key) ?? 0, $1.key) }.map { "\($0.key):\($0.value)" }
      .joined(separator: ",")
  }

  /// What `executable`'s start-up evaluates: it is started in `root` with the probe's trace at
  /// `prefix` and no request (its input closed at once), and its counts read back. Empty when
  /// it could not be started, so nothing is left out.
  static func probeStartup(executable: URL, root: URL, prefix: String) -> [String: Int] {
    let settings = ["\(Mutant.traceVariable)=\(prefix)", "\(Mutant.startupVariable)=\(Mutant.startupProbe)"]
    guard (try? ToolRun.run("/usr/bin/env", settings + [executable.path], in: root)) != nil else { return [:] }
    return counts(prefix: prefix)
  }
}
