/// The name of the type being decoded, spelled only when an error needs it.
///
/// `String(describing: T.self)` is costly and almost never read; holding the metatype defers it.
enum TypeName: CustomStringConvertible, @unchecked Sendable {
  case type(Any.Type)
  /// A sum case's payload: `SplashAction.armSafetyNet`.
  case caseOf(Any.Type, String)
  /// A plain word for anonymous containers (`object`, `array`).
  case word(String)

  /// The metatype behind the name (`Any.self` for a plain word).
  var type: Any.Type {
    switch self {
    case .type(let type), .caseOf(let type, _): return type
    case .word: return Any.self
    }
  }

  var description: String {
    switch self {
    case .type(let type): return String(describing: type)
    case .caseOf(let type, let name): return "\(String(describing: type)).\(name)"
    case .word(let word): return word
    }
  }
}
