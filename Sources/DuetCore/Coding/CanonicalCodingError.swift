/// Why a typed value could not cross into (or out of) the canonical dialect.
///
/// Each case names the JSON path and says what is wrong as a sentence fragment, so no
/// `DecodingError.keyNotFound(...)` dump ever reaches a user.
public enum CanonicalCodingError: Error, Equatable, Sendable, CustomStringConvertible {
  case floatingPointForbidden(path: JSONPath)
  case unexpectedKey(String, typeName: String, path: JSONPath)
  case missingKey(String, typeName: String, path: JSONPath)
  case unknownCase(String, typeName: String, path: JSONPath)
  case typeMismatch(expected: String, found: String, path: JSONPath)
  case integerOutOfRange(String, typeName: String, path: JSONPath)
  case invalidValue(String, path: JSONPath)
  /// A dictionary whose key type has no object form (`Int`, a struct, an `Int`-raw enum).
  case unsupportedKeyType(String, path: JSONPath)

  public var description: String {
    switch self {
    case .floatingPointForbidden(let path):
      return
        "floating-point values are forbidden in fixture-visible types (a Double or Float at \(path)); use an integer unit such as millis or cents"
    case .unexpectedKey(let key, let typeName, let path):
      return "unexpected key '\(key)' in \(typeName) at \(path)"
    case .missingKey(let key, let typeName, let path):
      return "missing key '\(key)' in \(typeName) at \(path)"
    case .unknownCase(let name, let typeName, let path):
      return "unknown case '\(name)' for \(typeName) at \(path)"
    case .typeMismatch(let expected, let found, let path):
      return "expected \(expected) at \(path), found \(found)"
    case .integerOutOfRange(let lexeme, let typeName, let path):
      return "integer \(lexeme) at \(path) does not fit in \(typeName)"
    case .invalidValue(let message, let path):
      return "\(message) (at \(path))"
    case .unsupportedKeyType(let keyType, let path):
      return
        "a dictionary keyed by \(keyType) at \(path) has no canonical form (a map is an object, and its keys are strings); key it by String or by an enum with String raw values, like Kotlin's Map<Page, Boolean>, or make it an array of entries"
    }
  }

  /// The path the error names.
  public var path: JSONPath {
    switch self {
    case .floatingPointForbidden(let path), .unexpectedKey(_, _, let path), .missingKey(_, _, let path),
      .unknownCase(_, _, let path), .typeMismatch(_, _, let path), .integerOutOfRange(_, _, let path),
      .invalidValue(_, let path), .unsupportedKeyType(_, let path):
      return path
    }
  }

  /// Converts whatever a `Codable` implementation threw into a dialect error at `path`.
  static func from(_ error: any Error, at path: JSONPath) -> CanonicalCodingError {
    if let error = error as? CanonicalCodingError { return error }
    if let error = error as? DecodingError {
      switch error {
      case .dataCorrupted(let context):
        // A hand-written sum (`TrackedParam`) reports an unknown case through Foundation's error
        // type, so any decoder can show it; here it gets the dialect's sentence and its path.
        if let inner = context.underlyingError as? CanonicalCodingError,
          case .unknownCase(let name, let typeName, _) = inner
        {
          return .unknownCase(name, typeName: typeName, path: path)
        }
        return .invalidValue(context.debugDescription, path: path)
      case .typeMismatch(_, let context), .valueNotFound(_, let context):
        return .invalidValue(context.debugDescription, path: path)
      case .keyNotFound(let key, _):
        return .missingKey(key.stringValue, typeName: "value", path: path)
      @unknown default:
        return .invalidValue("the value could not be decoded", path: path)
      }
    }
    if let error = error as? EncodingError, case .invalidValue(_, let context) = error {
      return .invalidValue(context.debugDescription, path: path)
    }
    return .invalidValue(String(describing: error), path: path)
  }
}
