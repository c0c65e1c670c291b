/// Why `verify` cannot split the corpus as asked; a usage error (exit 2). The program speaks the
/// message of the error it carries.
enum ShardPlanError: Diagnostic, Equatable {
  /// `--shard auto` found inconsistent CI variables.
  case variables(CIShardVariables.Inconsistent)
  /// `--timings FILE` could not be used.
  case timings(Timings.ReadError)

  var message: String {
    switch self {
    case .variables(let error): return error.message
    case .timings(let error): return error.message
    }
  }
}
