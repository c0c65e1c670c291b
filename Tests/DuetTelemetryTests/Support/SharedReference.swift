import Foundation
import XCTest

/// Locates `../shared/reference` beside the repository; tests that need it skip cleanly without it.
enum SharedReference {
  static let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }()

  static let folder = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/reference")

  /// Every file under `reference/<subfolder>` whose name ends in `suffix`, sorted; skips when absent.
  static func files(in subfolder: String, suffix: String) throws -> [URL] {
    let directory = folder.appendingPathComponent(subfolder)
    guard FileManager.default.fileExists(atPath: directory.path) else {
      throw XCTSkip("../shared/reference/\(subfolder) is absent; conformance vectors not checked")
    }
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    let urls = (enumerator?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent.hasSuffix(suffix) }
    return urls.sorted { $0.path < $1.path }
  }
}
