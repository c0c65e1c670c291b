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

  /// The file `reference/<relative>`; skips when absent.
  static func file(_ relative: String) throws -> URL {
    let url = folder.appendingPathComponent(relative)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw XCTSkip("../shared/reference/\(relative) is absent; end-to-end corpus not available")
    }
    return url
  }
}
