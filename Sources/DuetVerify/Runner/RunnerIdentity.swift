import DuetPlatform

/// Which runner a run replayed with, for the summary: a user who sees a surprising verdict first
/// asks "which binary answered, and was it fresh?".
///
/// `path` is the executable as the user would recognise it (relative to the repository root when
/// inside it); `platform` is what the runner's handshake said (nil until one answered, or when it
/// names none); `buildMillis` is how long `swift build` took when duet-verify built it (nil when the
/// runner was given with `--runner`, or when its build was skipped), reported apart from the replay
/// time; `upToDate` is true when duet-verify skipped the build because no input of it had changed
/// since the last one (RunnerBuildStamp), and absent otherwise; `buildReason` says why the build
/// ran (`Sources/Logic/Logic.swift changed`, `--rebuild`), so a surprising rebuild explains itself.
struct RunnerIdentity: Codable, Equatable, Sendable {
  var path: String
  var platform: String?
  var buildMillis: Int?
  var upToDate: Bool?
  var buildReason: String?

  init(
    path: String, platform: String? = nil, buildMillis: Int? = nil, upToDate: Bool? = nil, buildReason: String? = nil
  ) {
    self.path = path
    self.platform = platform
    self.buildMillis = buildMillis
    self.upToDate = upToDate
    self.buildReason = buildReason
  }

  /// `runner Examples/foyer-runner/.build/debug/replay-runner (platform swift), built in 2.1s
  /// (rebuilt: Sources/Logic/Logic.swift changed)` — or
  /// `…, up to date (no source changed since its last build)`, or `…, given with --runner`.
  var summary: String {
    let origin =
      upToDate == true
      ? "up to date (no source changed since its last build)"
      : buildMillis.map {
        "built in " + SecondsText.of(millis: $0, places: 1) + "s" + (buildReason.map { " (rebuilt: \($0))" } ?? "")
      } ?? "given with --runner"
    return "runner \(path) (platform \(platform ?? "not named")), \(origin)"
  }
}
