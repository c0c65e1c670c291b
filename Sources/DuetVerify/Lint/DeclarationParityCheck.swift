import DuetPlatform

/// Declaration parity (manifest.md): for a feature with both a `swift:` and a `kotlin:` file, the
/// types named by `state:`, `action:` and `effectPayload:` must give the same wire names (the
/// recording's keys, the case names) in both cores. Read textually, before anything runs, so a
/// renamed property is caught even when no recorded step shows it.
enum DeclarationParityCheck {
  /// Every drift and every declaration not found, one problem each, at the manifest line naming the type.
  static func problems(_ manifest: Manifest) -> [LintProblem] {
    var problems: [LintProblem] = []
    let location = manifest.location
    for feature in manifest.features {
      guard let swift = feature.swift, let kotlin = feature.kotlin, kotlin.name != "pending" else { continue }
      // A path lint refuses (missing, outside the repository) is reported by the path check already.
      guard RepositoryPaths.problem(with: swift.name, root: location.root, what: "") == nil,
        RepositoryPaths.problem(with: kotlin.name, root: location.root, what: "") == nil,
        let swiftText = try? String(contentsOf: location.root.appendingPathComponent(swift.name), encoding: .utf8),
        let kotlinText = try? String(contentsOf: location.root.appendingPathComponent(kotlin.name), encoding: .utf8)
      else { continue }
      let swiftTokens = SourceLexer.tokens(of: swiftText)
      let kotlinTokens = SourceLexer.tokens(of: kotlinText)
      let declared: [(key: String, entry: ManifestEntry?)] = [
        ("state", feature.state), ("action", feature.action), ("effectPayload", feature.effectPayload),
      ]
      for (key, entry) in declared {
        guard let entry else { continue }
        let place = LintProblem(file: location.displayName, line: entry.line, message: "")
        let swiftSide = SwiftDeclarationReader.read(entry.name, in: swiftTokens)
        let kotlinSide = KotlinDeclarationReader.read(entry.name, in: kotlinTokens)
        if swiftSide == nil {
          problems.append(
            place.with(
              DeclarationMessages.notFound(entry.name, key: key, feature: feature.name, file: swift.name, swift: true)))
        }
        if kotlinSide == nil {
          problems.append(
            place.with(
              DeclarationMessages.notFound(entry.name, key: key, feature: feature.name, file: kotlin.name, swift: false)
            )
          )
        }
        guard let swiftSide, let kotlinSide else { continue }
        let swiftOnly = swiftSide.names.keys.filter { kotlinSide.names[$0] == nil }.sorted()
        let kotlinOnly = kotlinSide.names.keys.filter { swiftSide.names[$0] == nil }.sorted()
        guard !swiftOnly.isEmpty || !kotlinOnly.isEmpty else { continue }
        problems.append(
          place.with(
            DeclarationMessages.drift(
              entry.name, key: key, feature: feature.name,
              swift: (swift.name, swiftSide, swiftOnly), kotlin: (kotlin.name, kotlinSide, kotlinOnly))))
      }
    }
    return problems
  }
}

extension LintProblem {
  /// The same place with another message.
  func with(_ message: String) -> LintProblem {
    LintProblem(file: file, line: line, column: column, message: message)
  }
}
