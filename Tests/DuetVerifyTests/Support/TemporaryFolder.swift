import DuetVerify
import Foundation
import XCTest

/// A fresh folder under the system temporary directory, removed when the test ends.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("duet-verify-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `text` at `relative` (folders created), returning the file's URL.
  @discardableResult
  func write(_ relative: String, _ text: String) throws -> URL {
    let file = url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  /// Where `manifest.yaml` sits in the folder (written or not).
  var manifestLocation: ManifestLocation { ManifestLocation(file: url.appendingPathComponent("manifest.yaml")) }
}
