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
  /// A path deeper than a dozen levels (absurd nesting) is shortened to its first and last few steps,
  /// so the sentence stays one readable line.
  public var description: String {
    "\(line):\(column): \(message) at \(Self.shortened(path))"
  }

  static func shortened(_ path: JSONPath) -> String {
    let components = path.components
    guard components.count > 12 else { return path.description }
    let head = JSONPath(root: path.root, Array(components.prefix(4))).description
    let tail = JSONPath(root: "", Array(components.suffix(4))).description
    let joined = tail.hasPrefix("[") || tail == "$" ? tail : "." + tail
    return head + "…(\(components.count - 8) levels)…" + (tail == "$" ? "" : joined)
  }
}
