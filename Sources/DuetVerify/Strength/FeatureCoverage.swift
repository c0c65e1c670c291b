/// A feature's part of its reducer module (or, with `feature` nil, the module's files no single
/// feature owns), with the sums over its files.
struct FeatureCoverage: Encodable, Equatable, Sendable {
  var feature: String?
  /// The module folder, `Sources/FoyerFeatures`.
  var module: String
  var files: [FileCoverage]

  var lines: CoverageCount { files.reduce(CoverageCount()) { $0 + $1.lines } }
  var regions: CoverageCount { files.reduce(CoverageCount()) { $0 + $1.regions } }

  enum CodingKeys: String, CodingKey { case feature, module, files, lines, regions }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(feature, forKey: .feature)
    try container.encode(module, forKey: .module)
    try container.encode(lines, forKey: .lines)
    try container.encode(regions, forKey: .regions)
    try container.encode(files, forKey: .files)
  }
}
