/// One file of a reducer module: its counts and what no recording reaches.
struct FileCoverage: Encodable, Equatable, Sendable {
  /// Relative to the repository root.
  var path: String
  var lines: CoverageCount
  var regions: CoverageCount
  var unreached: [UnreachedRegion]
}
