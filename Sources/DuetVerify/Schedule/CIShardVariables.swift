/// `--shard auto`: the share read from the CI engine's own parallelism variables, so a job
/// matrix needs no `K/N` spelled out per machine.
///
/// GitLab (`CI_NODE_INDEX`/`CI_NODE_TOTAL`, 1-based), Buildkite
/// (`BUILDKITE_PARALLEL_JOB`/`BUILDKITE_PARALLEL_JOB_COUNT`, 0-based), CircleCI
/// (`CIRCLE_NODE_INDEX`/`CIRCLE_NODE_TOTAL`, 0-based) and Bazel's test-sharding protocol
/// (`TEST_SHARD_INDEX`/`TEST_TOTAL_SHARDS`, 0-based; the runner touches
/// `TEST_SHARD_STATUS_FILE` to say it shards). None set is one share, said so; a half-set pair,
/// a value out of range or two engines that disagree is a usage error: a machine that guessed its
/// share would silently skip or repeat recordings.
struct CIShardVariables: Equatable, Sendable {
  /// The share chosen; `nil` when no engine's variables are set (one share: everything).
  var shard: Shard?
  /// Which variables chose it, for the summary (`CI_NODE_INDEX=2, CI_NODE_TOTAL=3`), or why there
  /// is one share.
  var source: String

  /// One engine's pair of variables.
  struct Engine: Sendable {
    var name: String
    var index: String
    var total: String
    /// The index of the first share (GitLab counts from 1, the others from 0).
    var base: Int
  }

  /// The engines read, in this order.
  static let engines = [
    Engine(name: "GitLab", index: "CI_NODE_INDEX", total: "CI_NODE_TOTAL", base: 1),
    Engine(name: "Buildkite", index: "BUILDKITE_PARALLEL_JOB", total: "BUILDKITE_PARALLEL_JOB_COUNT", base: 0),
    Engine(name: "CircleCI", index: "CIRCLE_NODE_INDEX", total: "CIRCLE_NODE_TOTAL", base: 0),
    Engine(name: "Bazel", index: "TEST_SHARD_INDEX", total: "TEST_TOTAL_SHARDS", base: 0),
  ]

  /// Bazel's file a sharding-aware test touches.
  static let bazelStatusFile = "TEST_SHARD_STATUS_FILE"

  /// Why the variables give no share; a usage error (exit 2). The program speaks its `message`.
  enum Inconsistent: Diagnostic, Equatable, Sendable {
    /// One of an engine's pair is set without the other.
    case halfSet(engine: String, set: String, missing: String)
    /// A value is not a whole number in range.
    case outOfRange(engine: String, index: String, indexValue: String, total: String, totalValue: String, base: Int)
    /// Two engines name different shares.
    case disagree(first: String, firstShard: Shard, second: String, secondShard: Shard)

    var message: String {
      let auto = "\(Option.shard.rawValue) auto"
      let share = "\(Option.shard.rawValue) K/N"
      switch self {
      case .halfSet(let engine, let set, let missing):
        return "\(auto) found \(set) set but not \(missing) (\(engine)), so the share is unknown. Set both, or "
          + "give the share as \(share)."
      case .outOfRange(let engine, let index, let indexValue, let total, let totalValue, let base):
        return "\(auto) cannot use \(index)=\(indexValue) with \(total)=\(totalValue) "
          + "(\(engine) counts shares from \(base), so \(index) must be from \(base) to \(total)\(base == 0 ? " - 1" : "")). "
          + "Fix the CI job's parallelism settings, or give the share as \(share)."
      case .disagree(let first, let firstShard, let second, let secondShard):
        return "\(auto) found two CI engines naming different shares: \(first) gives "
          + "\(firstShard), \(second) gives \(secondShard). Unset one engine's variables, or give \(share)."
      }
    }
  }

  /// The share the `environment` names.
  static func resolve(_ environment: [String: String]) throws(Inconsistent) -> CIShardVariables {
    var found: (engine: Engine, shard: Shard)?
    for engine in engines {
      let index = environment[engine.index].flatMap { $0.isEmpty ? nil : $0 }
      let total = environment[engine.total].flatMap { $0.isEmpty ? nil : $0 }
      guard index != nil || total != nil else { continue }
      guard let index, let total else {
        throw .halfSet(
          engine: engine.name, set: index == nil ? engine.total : engine.index,
          missing: index == nil ? engine.index : engine.total)
      }
      guard let position = Int(index), let count = Int(total), count >= 1, position >= engine.base,
        position - engine.base < count
      else {
        throw .outOfRange(
          engine: engine.name, index: engine.index, indexValue: index, total: engine.total, totalValue: total,
          base: engine.base)
      }
      let shard = Shard(index: position - engine.base + 1, count: count)
      if let found, found.shard != shard {
        throw .disagree(first: found.engine.name, firstShard: found.shard, second: engine.name, secondShard: shard)
      }
      if found == nil { found = (engine, shard) }
    }
    guard let found else {
      let names = engines.map(\.name).joined(separator: ", ")
      return CIShardVariables(shard: nil, source: "no CI shard variables set (\(names)), so one share: every recording")
    }
    let engine = found.engine
    let source =
      "from \(engine.name)'s \(engine.index)=\(environment[engine.index] ?? "") "
      + "and \(engine.total)=\(environment[engine.total] ?? "")"
    return CIShardVariables(shard: found.shard, source: source)
  }
}
