import Foundation
import XCTest

@testable import DuetVerify

/// Which counted files are whose: a feature owns the files under its `swift:` file's folder, the
/// rest of its module is the module's shared code, and scenario files and library code are not
/// counted. Each unreached region names its case and its feature's scenario.
final class CoverageMapTests: XCTestCase {
  private let root = URL(fileURLWithPath: "/app")

  private func manifest() -> Manifest {
    let text = """
      replayRunner: .
      features:
        shelf:
          swift: Sources/App/Shelf/ShelfFeature.swift
          scenario: Sources/App/Shelf/ShelfScenario.swift
          fixtures: []
        till:
          swift: Sources/App/Till/TillFeature.swift
          fixtures: []

      """
    return ManifestReader.read(text, location: ManifestLocation(file: root.appendingPathComponent("manifest.yaml")))
      .manifest
  }

  private let sources: [String: String] = [
    "/app/Sources/App/Shelf/ShelfFeature.swift": """
    func shelfReducer(_ state: inout Int, _ action: Action) -> [Int] {
      switch action {
      case .add:
        state += 1
        return []
      case .clear:
        state = 0
        return []
      }
    }
    """,
    "/app/Sources/App/Shelf/ShelfChains.swift": "let shelfChain = ChainScenario(\"shelf\") {}\n",
  ]

  private func export() throws -> CoverageExport {
    func file(_ name: String, _ count: Int, _ covered: Int) -> String {
      """
      {"filename": "\(name)", "summary": {"lines": {"count": \(count), "covered": \(covered)},
       "regions": {"count": \(count), "covered": \(covered)}}}
      """
    }
    let files = [
      file("/app/Sources/App/Shelf/ShelfFeature.swift", 9, 6), file("/app/Sources/App/Shelf/ShelfScenario.swift", 5, 0),
      file("/app/Sources/App/Shelf/ShelfChains.swift", 3, 0), file("/app/Sources/App/Till/TillFeature.swift", 4, 4),
      file("/app/Sources/App/Registry.swift", 2, 1), file("/checkout/Sources/DuetCore/JSON.swift", 50, 10),
    ]
    let json = """
      {"data": [{"files": [\(files.joined(separator: ","))], "functions": [
        {"name": "shelfReducer", "filenames": ["/app/Sources/App/Shelf/ShelfFeature.swift"],
         "regions": [[1, 66, 10, 2, 3, 0, 0, 0], [3, 3, 5, 14, 2, 0, 0, 0], [6, 3, 8, 14, 0, 0, 0, 0],
                     [7, 5, 7, 14, 0, 0, 0, 0]]}]}]}
      """
    return try JSONDecoder().decode(CoverageExport.self, from: Data(json.utf8))
  }

  private func groups() throws -> [FeatureCoverage] {
    let manifest = manifest()
    var map = CoverageMap(manifest: manifest, features: manifest.features)
    let sources = sources
    map.source = { sources[$0.path] }
    return map.groups(try export()) { URL(fileURLWithPath: $0) }
  }

  func testEachFeatureOwnsItsFolderAndTheRestOfTheModuleIsShared() throws {
    let groups = try groups()
    XCTAssertEqual(groups.map(\.feature), ["shelf", "till", nil])
    XCTAssertEqual(
      groups.map { $0.files.map(\.path) },
      [
        ["Sources/App/Shelf/ShelfFeature.swift"], ["Sources/App/Till/TillFeature.swift"],
        ["Sources/App/Registry.swift"],
      ])
    XCTAssertEqual(groups[0].module, "Sources/App")
  }

  func testTheOutermostUnreachedRegionNamesItsCaseAndTheFeaturesScenario() throws {
    let unreached = try groups()[0].files[0].unreached
    XCTAssertEqual(unreached.count, 1, "the region inside the unreached case is not listed again: \(unreached)")
    XCTAssertEqual(unreached.first?.line, 6)
    XCTAssertEqual(unreached.first?.switchCase, "case .clear")
    XCTAssertEqual(unreached.first?.function, "func shelfReducer")
    XCTAssertEqual(unreached.first?.scenario, "Sources/App/Shelf/ShelfScenario.swift")
  }
}
