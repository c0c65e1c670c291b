/// Why `verify` cannot split the corpus as asked; a usage error (exit 2). The program speaks the
/// message of the error it carries.
enum ShardPlanError: Diagnostic, Equatable {
  /// `--shard auto` found inconsistent CI variables.
  case variables(CIShardVariables.Inconsistent)
  /// `--timings FILE` could not be used.
  case timings(Timings.ReadError)
  /// Bazel's shard status file (`TEST_SHARD_STATUS_FILE`, at `path`) could not be created: without
  /// it Bazel takes the test for one that does not shard.
  case statusFile(path: String)

  var message: String {
    switch self {
    case .variables(let error): return error.message
    case .timings(let error): return error.message
    case .statusFile(let path):
      return "\(CIShardVariables.bazelStatusFile) names '\(path.printable)', which could not be created; "
        + "Bazel reads that file to learn this test shards. Make its folder exist and be writable, or unset "
        + "\(CIShardVariables.bazelStatusFile)."
    }
  }
}
