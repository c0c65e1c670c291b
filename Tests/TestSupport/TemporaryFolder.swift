import Foundation

/// A fresh folder under the system temporary directory, removed when the value goes away.
///
/// XCTest keeps test case objects alive for the whole run, so a test that keeps one in a property
/// drops it in `tearDown`. The end-to-end repositories are folders of this kind with tools added.
open class TemporaryFolder {
  /// The folder itself.
  public let url: URL

  /// A new empty folder named `<prefix>-<UUID>`.
  public init(prefix: String = "duet-verify-tests") throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `text` at `relative` (folders created), returning the file's URL.
  @discardableResult
  public func write(_ relative: String, _ text: String) throws -> URL {
    let file = url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  /// Makes `relative` (folders created) a symbolic link to `target`, returning the link's URL.
  @discardableResult
  public func link(_ relative: String, to target: URL) throws -> URL {
    let link = url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    return link
  }

  /// The text of the file at `relative`.
  public func read(_ relative: String) throws -> String {
    String(decoding: try Data(contentsOf: url.appendingPathComponent(relative)), as: UTF8.self)
  }
}
