/// Why `verify` cannot split the corpus as asked; a usage error (exit 2). `description` is its
/// sentence, said by the error it carries.
enum ShardPlanError: Error, Equatable, CustomStringConvertible {
  /// `--shard auto` found inconsistent CI variables.
  case variables(CIShardVariables.Inconsistent)
  /// `--timings FILE` could not be used.
  case timings(Timings.ReadError)

  var description: String {
    switch self {
    case .variables(let error): return error.description
    case .timings(let error): return error.description
    }
  }
}
