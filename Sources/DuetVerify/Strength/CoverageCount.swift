/// Reached out of all, for lines or regions.
struct CoverageCount: Encodable, Equatable, Sendable {
  var count = 0
  var covered = 0

  /// Percent reached (100 for nothing to reach).
  var percent: Double { count == 0 ? 100 : Double(covered) * 100 / Double(count) }

  /// `12/14 (85.7%)`.
  var shown: String { "\(covered)/\(count) (\(Self.format(percent))%)" }

  static func + (left: CoverageCount, right: CoverageCount) -> CoverageCount {
    CoverageCount(count: left.count + right.count, covered: left.covered + right.covered)
  }

  /// One decimal: `85.7`.
  static func format(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded(.down))
    return "\(tenths / 10).\(tenths % 10)"
  }

  enum CodingKeys: String, CodingKey { case count, covered, percent }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(count, forKey: .count)
    try container.encode(covered, forKey: .covered)
    try container.encode((percent * 10).rounded(.down) / 10, forKey: .percent)
  }
}
