/// The wire names one declaration gives its values, read from source: a struct's or data class's
/// stored properties (the recording's keys), an enum's or sealed type's cases.
struct DeclaredNames: Equatable, Sendable {
  /// How the declaration was written (`struct`, `enum`, `data class`, `sealed interface`, …).
  var kind: String
  /// The line of the declaration's name.
  var line: Int
  /// Each wire name and the line it is declared on.
  var names: [String: Int]
}
