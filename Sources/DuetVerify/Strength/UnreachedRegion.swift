/// A region of a reducer module no recording reaches: where it is, the function and `switch`
/// case it belongs to (read from the source), and the feature whose scenario would reach it.
struct UnreachedRegion: Encodable, Equatable, Sendable {
  var line: Int
  var column: Int
  var endLine: Int
  var endColumn: Int
  /// `func todoReducer`, or nil outside a function.
  var function: String?
  /// `case .clearTapped`, `default`, or nil outside a `switch` case.
  var switchCase: String?
  /// The feature that owns the file, or nil for a file several features share.
  var feature: String?
  /// That feature's `scenario:` file, when the manifest names one.
  var scenario: String?
  /// The source from the region's start to the end of its first line, trimmed (at most 80 characters).
  var code: String?

  enum CodingKeys: String, CodingKey {
    case line, column, endLine, endColumn, function
    case switchCase = "case"
    case feature, scenario, code
  }

  /// True when `other` lies within this region.
  func contains(_ other: UnreachedRegion) -> Bool {
    (line, column) <= (other.line, other.column) && (other.endLine, other.endColumn) <= (endLine, endColumn)
  }
}
