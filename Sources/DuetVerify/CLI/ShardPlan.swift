import DuetPlatform

/// How `verify` splits the corpus: the share (`--shard K/N`, or `--shard auto` read from the CI
/// engine's variables) and the cost each recording is balanced by (its size, or its measured
/// duration with `--timings FILE`).
struct ShardPlan {
  /// The options, with `--shard auto` replaced by the share it chose (or dropped when it chose
  /// one share), so every later step and report sees a plain `K/N`.
  var options: ParsedArguments
  /// Which variables chose the share, for the summary; `nil` without `--shard auto`.
  var source: String?
  /// Each recording's cost.
  var cost: (String) -> Double

  /// The plan `options` ask for over `corpus`; a usage error's sentence when the CI variables are
  /// inconsistent or the timings file cannot be read.
  static func make(
    _ options: ParsedArguments, corpus: Corpus, context: CommandContext
  ) -> Result<ShardPlan, ShardPlanError> {
    var options = options
    var source: String?
    if options.shardAuto {
      let found: CIShardVariables
      do throws(CIShardVariables.Inconsistent) {
        found = try CIShardVariables.resolve(context.environment)
      } catch {
        return .failure(.variables(error))
      }
      options.values[.shard] = found.shard.map { [$0.description] }
      source = found.source
      if let status = context.environment[CIShardVariables.bazelStatusFile], !status.isEmpty {
        // Bazel's protocol: touching the file says this test shards rather than repeating everything.
        guard FileManager.default.createFile(atPath: status, contents: Data()) else {
          return .failure(.statusFile(path: status))
        }
      }
    }
    let store = corpus.store
    let size: @Sendable (String) -> Int? = { store.size(of: $0) }
    var cost: (String) -> Double = { Double(size($0) ?? 0) }
    if let path = options.timings {
      let url = URL(fileURLWithPath: path, relativeTo: context.folder)
      do throws(Timings.ReadError) {
        cost = try Timings.read(url, shown: path).cost(size: size)
      } catch {
        return .failure(.timings(error))
      }
    }
    return .success(ShardPlan(options: options, source: source, cost: cost))
  }
}
