import Foundation
import XCTest

/// The repository root, and `../shared/reference` beside it: the Duet projects' conformance vectors.
///
/// A fresh clone has no `../shared`: every accessor then throws `XCTSkip` with a message naming the
/// missing file, so reference tests skip rather than fail. (Call them outside `XCTUnwrap`, whose
/// autoclosure would turn the skip into a failure.)
public enum SharedReference {
  /// The nearest ancestor of this file holding `Package.swift`: the repository root.
  public static let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }()

  /// `../shared/reference` relative to the root.
  public static let folder = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/reference")

  /// Every file under `reference/<subfolder>` whose name ends in `suffix`, sorted; skips when absent.
  public static func files(in subfolder: String, suffix: String) throws -> [URL] {
    let directory = folder.appendingPathComponent(subfolder)
    guard FileManager.default.fileExists(atPath: directory.path) else {
      throw XCTSkip("../shared/reference/\(subfolder) is absent; conformance vectors not checked")
    }
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    let urls = (enumerator?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent.hasSuffix(suffix) }
    return urls.sorted { $0.path < $1.path }
  }

  /// The reference fixture `reference/<subfolder>/<name>.fixture.json`; skips when absent.
  public static func fixture(in subfolder: String, named name: String) throws -> URL {
    try file("\(subfolder)/\(name).fixture.json")
  }

  /// The file `reference/<relative>`; skips when absent.
  public static func file(_ relative: String) throws -> URL {
    let url = folder.appendingPathComponent(relative)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw XCTSkip("../shared/reference/\(relative) is absent; reference vector not checked")
    }
    return url
  }

  /// The text of `reference/<relative>`; skips when absent.
  public static func text(_ relative: String) throws -> String {
    String(decoding: try Data(contentsOf: try file(relative)), as: UTF8.self)
  }
}
