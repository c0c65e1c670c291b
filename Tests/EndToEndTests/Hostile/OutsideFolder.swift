import Foundation
import XCTest

/// A folder outside the test repository holding files a hostile link points at: the tests check
/// that nothing in it changed (or appeared, or vanished) after the verifier ran.
final class OutsideFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("duet-verify-outside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try Data("precious\n".utf8).write(to: url.appendingPathComponent("counter.json"))
    try Data("precious\n".utf8).write(to: url.appendingPathComponent("counter.fixture.json"))
    try Data("precious\n".utf8).write(to: url.appendingPathComponent("notes.txt"))
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Every file in the folder, by name.
  func snapshot() -> [String: Data] {
    var files: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
      files[name] = FileManager.default.contents(atPath: url.appendingPathComponent(name).path)
    }
    return files
  }

  /// Plants a link at `relative` under `root` pointing at `target` (this folder when nil).
  func link(_ relative: String, under root: URL, to target: URL? = nil) throws {
    let link = root.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target ?? url)
  }
}
