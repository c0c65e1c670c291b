import DuetPlatform
import DuetRunner

/// `mutate --since REV`: the lines of each file changed since a git revision, read from
/// `git diff -U0 REV -- <files>` in the runner package's repository, so a pull request's drill
/// mutates only what the pull request touched.
enum SinceLines {
  /// The changed lines (1-based, in the file as it is now) of each file, keyed by its path as the
  /// diff names it (relative to the repository's top). A file the diff does not name has none.
  static func parse(_ diff: String) -> [String: Set<Int>] {
    var lines: [String: Set<Int>] = [:]
    var file: String?
    for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("+++ ") {
        let name = line.dropFirst(4)
        file = name.hasPrefix("b/") ? String(name.dropFirst(2)) : nil
        continue
      }
      guard let file, line.hasPrefix("@@ ") else { continue }
      // `@@ -a,b +c,d @@`: d lines from c are the new text (d absent = 1; 0 = only removed, at c).
      guard let plus = line.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { continue }
      let parts = plus.dropFirst().split(separator: ",")
      guard let start = parts.first.flatMap({ Int($0) }) else { continue }
      let count = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
      let changed = count == 0 ? [max(start, 1)] : Array(start..<(start + count))
      lines[file, default: []].formUnion(changed)
    }
    return lines
  }

  /// The changed lines of `files` (relative to `package`) since `revision`, keyed as `files` are;
  /// a bad revision or a folder outside any repository is an error sentence.
  static func read(revision: String, files: [String], package: URL) throws(MutationDrillError) -> [String: Set<Int>] {
    guard let git = RunnerCommand.search("git", path: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    else { throw .since(revision: revision, reason: "git is not on PATH") }
    // `silent`: the reason when git fails without a word (`rev-parse --quiet` on an unknown revision).
    func run(_ arguments: [String], silent: String = "git failed without a message") throws(MutationDrillError)
      -> String
    {
      let ended: ToolRun.Ended
      do {
        ended = try ToolRun.run(git, arguments, in: package)
      } catch {
        throw .since(revision: revision, reason: "git could not be started: \(error)")
      }
      guard ended.status == .status(0) else {
        let said = ended.output.trimming(.whitespacesAndNewlines)
        throw .since(revision: revision, reason: said.isEmpty ? silent : said)
      }
      return ended.output
    }
    _ = try run(
      ["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"],
      silent: "git knows no commit by that name in the repository of \(package.path)")
    let prefix = try run(["rev-parse", "--show-prefix"]).trimming(.whitespacesAndNewlines)
    let changed = parse(try run(["diff", "-U0", "--no-color", "--no-ext-diff", revision, "--"] + files))
    var byFile: [String: Set<Int>] = [:]
    for file in files { byFile[file] = changed[prefix + file] ?? [] }
    return byFile
  }
}
