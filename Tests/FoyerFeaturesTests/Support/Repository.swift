import DuetCore
import DuetReplay
import DuetScenario
import Foundation

@testable import FoyerFeatures

/// The repository this test target lives in, and the recordings its scenarios compile to.
enum Repository {
  /// The nearest ancestor of this file holding `Package.swift`.
  static let root: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }()

  /// `fixtures/` beside the root manifest.
  static let fixtures = root.appendingPathComponent("fixtures")

  /// Scenario sources recorded relative to the repository root, as the verifier's runner does.
  static let sourceRoot = SourceRoot(currentDirectory: root.path) { _ in false }

  /// Every fixture the registry's scenarios and chains compile to, in registration order.
  static func compiledFixtures() throws -> [CompiledFixture] {
    var fixtures: [CompiledFixture] = []
    for feature in foyerRegistry.featureNames {
      fixtures += try foyerRegistry.scenarios(feature: feature, sourceRoot: sourceRoot)
    }
    for chain in foyerRegistry.chainNames {
      fixtures += try foyerRegistry.scenarios(chain: chain, sourceRoot: sourceRoot)
    }
    return fixtures
  }

  /// The fixture file a recording is written to.
  static func file(of name: String) -> URL {
    fixtures.appendingPathComponent(name + ".fixture.json")
  }

  /// The names of the `*.fixture.json` files on disk, sorted.
  static func fixtureNamesOnDisk() throws -> [String] {
    let suffix = ".fixture.json"
    guard FileManager.default.fileExists(atPath: fixtures.path) else { return [] }
    return try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
      .filter { $0.hasSuffix(suffix) }
      .map { String($0.dropLast(suffix.count)) }
      .sorted()
  }
}
