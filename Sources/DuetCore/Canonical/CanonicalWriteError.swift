/// Why a value tree cannot be written in the canonical dialect.
public enum CanonicalWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A non-integer number outside the telemetry `double` parameter.
  case floatingPoint(lexeme: String, path: JSONPath)
  /// An integer that does not fit in 64 bits.
  case integerOutOfRange(lexeme: String, path: JSONPath)
  /// A telemetry double that is not a finite number.
  case nonFiniteDouble(lexeme: String, path: JSONPath)

  public var description: String {
    switch self {
    case .floatingPoint(let lexeme, let path):
      return "floating-point values are forbidden in fixture-visible types (got \(lexeme) at \(path))"
    case .integerOutOfRange(let lexeme, let path):
      return "integer \(lexeme) at \(path) does not fit in 64 bits; the dialect's integers are Int64"
    case .nonFiniteDouble(let lexeme, let path):
      return "telemetry double \(lexeme) at \(path) is not a finite number; NaN and infinity are refused"
    }
  }

  /// The same error with its path re-rooted under `root` (for errors found while writing a subtree).
  func prefixed(by component: JSONPathComponent) -> CanonicalWriteError {
    movingPath { JSONPath(root: $0.root, [component] + $0.components) }
  }

  /// The same error with its path's root named.
  public func rooted(at root: String) -> CanonicalWriteError {
    movingPath { JSONPath(root: root, $0.components) }
  }

  /// The same error at `move(path)`.
  func movingPath(_ move: (JSONPath) -> JSONPath) -> CanonicalWriteError {
    switch self {
    case .floatingPoint(let lexeme, let path): return .floatingPoint(lexeme: lexeme, path: move(path))
    case .integerOutOfRange(let lexeme, let path): return .integerOutOfRange(lexeme: lexeme, path: move(path))
    case .nonFiniteDouble(let lexeme, let path): return .nonFiniteDouble(lexeme: lexeme, path: move(path))
    }
  }
}
