import DuetPlatform

/// The processes below a child, found through `/proc`, so a stop reaches them all.
///
/// Killing a child's process group is not enough: `swift build` starts each compiler in a process
/// group of its own, so a SIGKILL to the build's group leaves `swift-frontend` processes running,
/// orphaned, still writing into the build folder a stop is about to remove. `stopAndKill` freezes
/// the whole tree first (a stopped process cannot start another), then kills it.
package enum ProcessTree {
  /// Every live descendant of `roots` (not the roots), read from `/proc/<pid>/stat`; empty where
  /// there is no `/proc`.
  package static func descendants(of roots: Set<pid_t>) -> Set<pid_t> {
    let parents = parentTable()
    var found: Set<pid_t> = []
    var frontier = roots
    while !frontier.isEmpty {
      let next = Set(parents.filter { frontier.contains($0.value) && !found.contains($0.key) }.keys)
      found.formUnion(next)
      frontier = next
    }
    return found.subtracting(roots)
  }

  /// SIGSTOP to `roots` and everything below them until no new process appears, then SIGKILL to
  /// each one and its process group (SIGKILL ends a stopped process too).
  package static func stopAndKill(_ roots: Set<pid_t>) {
    var tree = roots
    for pid in roots { kill(pid, SIGSTOP) }
    for _ in 0..<50 {
      let below = descendants(of: tree).subtracting(tree)
      if below.isEmpty { break }
      for pid in below { kill(pid, SIGSTOP) }
      tree.formUnion(below)
    }
    for pid in tree {
      kill(-pid, SIGKILL)
      kill(pid, SIGKILL)
    }
  }

  /// pid → parent pid of every process `/proc` lists.
  static func parentTable() -> [pid_t: pid_t] {
    var table: [pid_t: pid_t] = [:]
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return table }
    for name in names {
      guard let pid = pid_t(name), let parent = parent(of: pid) else { continue }
      table[pid] = parent
    }
    return table
  }

  /// The fourth field of `/proc/<pid>/stat`, after the command name in parentheses (which may hold
  /// spaces and parentheses itself: the last `)` ends it).
  static func parent(of pid: pid_t) -> pid_t? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    guard let close = text.lastIndex(of: ")") else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 1 else { return nil }
    return pid_t(fields[1])
  }
}
