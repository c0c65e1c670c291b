/// The parsed values as the verbs use them, typed. The parser has checked every value against its
/// kind, so these conversions cannot fail.
extension ParsedArguments {
  var manifest: String? { value(.manifest) }
  var runner: String? { value(.runner) }
  /// `verify --runner`, every one given (one per platform lane).
  var runners: [String] { all(.runner) }
  var lane: String? { value(.lane) }
  /// `--rebuild`: build the manifest's runner even when its build stamp says it is up to date.
  var rebuild: Bool { given(.rebuild) }
  /// `--feature`, every one given.
  var features: [String] { all(.feature) }
  var chain: String? { value(.chain) }
  var jobs: Int? { value(.jobs).flatMap { Int($0) } }
  var timeout: Double? { value(.timeout).flatMap { Double($0) } }
  /// `--shard K/N`; `nil` for `--shard auto` until the command resolves it (``CIShardVariables``).
  var shard: Shard? { value(.shard).flatMap(Shard.parse) }
  /// `--shard auto`: the share is read from the CI engine's variables.
  var shardAuto: Bool { value(.shard) == "auto" }
  var timings: String? { value(.timings) }
  var writeTimings: String? { value(.writeTimings) }
  var allowEmptyShard: Bool { given(.allowEmptyShard) }
  var check: Bool { given(.check) }
  var write: Bool { given(.write) }
  var markdown: Bool { given(.markdown) }
  var json: Bool { given(.json) }
  var junit: String? { value(.junit) }
  var html: String? { value(.html) }
  var pretty: Bool { given(.pretty) }
  var out: String? { value(.out) }
  var module: String? { value(.module) }
  var reducer: String? { value(.reducer) }
  /// `coverage --min-lines P`: the percent of reducer lines the recordings must reach.
  var minLines: Int? { value(.minLines).flatMap { Int($0) } }
  /// `mutate --min-score P`: the mutation score (percent) at which survivors still pass.
  var minScore: Int? { value(.minScore).flatMap { Int($0) } }
  /// `mutate --table-only`: only Duet's table rows.
  var tableOnly: Bool { given(.tableOnly) }
  /// `mutate --since REV`: only lines changed since REV.
  var since: String? { value(.since) }
  /// `mutate --no-cache`: ignore the cached results.
  var noCache: Bool { given(.noCache) }
  /// `mutate --build-each`: one build per mutant (the slow way, for comparison).
  var buildEach: Bool { given(.buildEach) }
  var quiet: Bool { given(.quiet) }
  var noColor: Bool { given(.noColor) }
}
