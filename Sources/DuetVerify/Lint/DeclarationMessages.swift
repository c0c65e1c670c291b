/// The sentences of the declaration parity check, in one place.
enum DeclarationMessages {
  static func notFound(_ type: String, key: String, feature: String, file: String, swift: Bool) -> String {
    let shapes =
      swift
      ? "struct or enum" : "data class, sealed interface, sealed class or enum class"
    return
      "\(key): '\(type)' of feature '\(feature)': declaration not found in \(file) (no \(shapes) named '\(type)'). "
      + "Declare it there, or name in \(key): the type that file declares."
  }

  static func drift(
    _ type: String, key: String, feature: String,
    swift: (file: String, declared: DeclaredNames, only: [String]),
    kotlin: (file: String, declared: DeclaredNames, only: [String])
  ) -> String {
    func side(_ label: String, _ part: (file: String, declared: DeclaredNames, only: [String])) -> String {
      let names = part.only.map { "\($0) (\(part.file):\(part.declared.names[$0] ?? part.declared.line))" }
      return "\(label)-only=[\(names.joined(separator: ", "))]"
    }
    let what = swift.declared.kind == "struct" ? "properties" : "cases"
    return
      "\(key): '\(type)' of feature '\(feature)' differs between the cores: \(side("swift", swift)) "
      + "\(side("kotlin", kotlin)) (\(swift.declared.kind) at \(swift.file):\(swift.declared.line), "
      + "\(kotlin.declared.kind) at \(kotlin.file):\(kotlin.declared.line)). Both cores must write the same \(what) "
      + "on the wire: rename one side to match the other (or give the Kotlin one @SerialName), then re-record."
  }
}
