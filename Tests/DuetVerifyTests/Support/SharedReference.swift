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

  /// The text of `reference/<relative>`; skips when absent.
  static func text(_ relative: String) throws -> String {
    let url = folder.appendingPathComponent(relative)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw XCTSkip("../shared/reference/\(relative) is absent; reference vector not checked")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
