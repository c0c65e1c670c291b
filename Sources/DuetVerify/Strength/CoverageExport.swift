import DuetPlatform

/// The part of `llvm-cov export -format=text` (its JSON) that coverage reads: each file's line
/// and region counts, and each function's regions (`[lineStart, columnStart, lineEnd, columnEnd,
/// executionCount, fileID, expandedFileID, kind]`, kind 0 a code region).
struct CoverageExport: Decodable {
  struct Count: Decodable {
    var count: Int
    var covered: Int
  }

  struct Summary: Decodable {
    var lines: Count
    var regions: Count
  }

  struct File: Decodable {
    var filename: String
    var summary: Summary
  }

  struct Function: Decodable {
    var name: String
    var filenames: [String]
    var regions: [[Int]]
  }

  struct Export: Decodable {
    var files: [File]
    var functions: [Function]
  }

  var data: [Export]

  /// Merges the raw profiles in `profiles` and exports the counts of `executable`'s code.
  static func read(profiles: URL, executable: URL, environment: [String: String]) throws(StrengthError)
    -> CoverageExport
  {
    let raw = ((try? FileManager.default.contentsOfDirectory(atPath: profiles.path)) ?? [])
      .filter { $0.hasSuffix(".profraw") }.sorted().map { profiles.appendingPathComponent($0).path }
    guard !raw.isEmpty else { throw .noProfiles(folder: profiles.path) }
    let folder = profiles.deletingLastPathComponent()
    let merged = folder.appendingPathComponent("merged.profdata")
    let json = folder.appendingPathComponent("export.json")
    let profdata = try ToolRun.toolchain("llvm-profdata", environment: environment)
    let cov = try ToolRun.toolchain("llvm-cov", environment: environment)
    try tool(profdata, ["merge", "-sparse"] + raw + ["-o", merged.path], in: folder)
    try tool(
      cov, ["export", "-format=text", "-instr-profile", merged.path, executable.path], in: folder, stdout: json)
    do {
      return try JSONDecoder().decode(CoverageExport.self, from: Data(contentsOf: json))
    } catch {
      throw .unreadableExport(reason: "\(error)")
    }
  }

  private static func tool(_ path: String, _ arguments: [String], in folder: URL, stdout: URL? = nil)
    throws(StrengthError)
  {
    let name = URL(fileURLWithPath: path).lastPathComponent
    do {
      let ended = try ToolRun.run(path, arguments, in: folder, stdout: stdout)
      guard ended.status == .status(0) else {
        throw StrengthError.toolFailed(name: name, status: "\(ended.status)", output: ended.output)
      }
    } catch let error as StrengthError {
      throw error
    } catch {
      throw .toolFailed(name: name, status: "not started", output: "\(error)")
    }
  }
}
