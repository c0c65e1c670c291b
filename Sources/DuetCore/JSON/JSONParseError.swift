/// Why a JSON text was refused, and exactly where.
///
/// Hand-made and hostile input both end here, so the error carries everything a person needs to
/// find the problem: the line and column of the offending byte and the JSON path of the value
/// being read.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, as a phrase (`duplicate key 'x'`).
  public var message: String
  /// 1-based line of the offending byte.
  public var line: Int
  /// 1-based column (in bytes) of the offending byte.
  public var column: Int
  /// 0-based byte offset of the offending byte.
  public var offset: Int
  /// The path of the value being read when the problem was found.
  public var path: JSONPath

  public init(message: String, line: Int, column: Int, offset: Int, path: JSONPath) {
    self.message = message
    self.line = line
    self.column = column
    self.offset = offset
    self.path = path
  }

  /// `3:14: duplicate key 'x' at steps[0].action` — prefix it with a file name for `file:line:col`.
  public var description: String {
    "\(line):\(column): \(message) at \(path)"
  }
}
