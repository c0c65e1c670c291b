import Foundation
import XCTest

@testable import DuetVerify

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Manifest paths never lead outside the repository, and the manifest itself is read only when it
/// is a regular file of sane size.
final class ManifestContainmentTests: ContainmentTestCase {
  var location: ManifestLocation { repository.manifestLocation }

  func testAPathThatIsALinkLeadingOutsideTheRepositoryIsRefused() throws {
    try repository.link("runner", to: outside.url)
    try assertLintFinds(
      "replayRunner: runner\n",
      "manifest.yaml:1: replayRunner 'runner' is a link that leads outside the repository. Point it at a file "
        + "inside the repository.")
  }

  func testAPathThroughALinkedFolderLeadingOutsideIsRefused() throws {
    try outside.write("Counter.swift", "// elsewhere\n")
    try repository.link("Sources", to: outside.url)
    try assertLintFinds(
      "features:\n  counter:\n    swift: Sources/Counter.swift\n    fixtures:\n      - counter\n",
      counterRecording: FixtureText.counter(),
      "manifest.yaml:3: the swift file of 'counter' 'Sources/Counter.swift' is a link that leads outside the "
        + "repository. Point it at a file inside the repository.")
  }

  func testAPathLinkingInsideTheRepositoryIsAccepted() throws {
    try repository.write("Package/Package.swift", "// a package\n")
    try repository.link("runner", to: repository.url.appendingPathComponent("Package"))
    XCTAssertEqual(try lint("replayRunner: runner\n"), [])
  }

  func testAHomeRelativePathIsRefusedAsAbsolute() throws {
    try assertLintFinds(
      "replayRunner: ~/elsewhere\n",
      "manifest.yaml:1: replayRunner '~/elsewhere' is an absolute path. Give it relative to the repository root "
        + "(\(repository.url.standardizedFileURL.path)) so the manifest works on every checkout.")
  }

  func testADotDotHiddenInsideAPathIsRefused() throws {
    try assertLintFinds(
      "replayRunner: Sources/../../elsewhere\n",
      "manifest.yaml:1: replayRunner 'Sources/../../elsewhere' uses '..', which could leave the repository. Give a "
        + "path inside the repository root, relative to it.")
  }

  func testAnOversizedManifestIsRefusedUnread() throws {
    // A sparse file: 5 MiB long, no disk used.
    let file = try repository.write("manifest.yaml", "features:\n")
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 5 << 20)
    try handle.close()
    XCTAssertEqual(
      ManifestReader.load(location).problems.map(\.description),
      ["manifest.yaml: is 5 MiB, far larger than any manifest; it was not read. Check the path."])
  }

  func testANamedPipeAsTheManifestIsRefusedWithoutOpeningIt() throws {
    XCTAssertEqual(mkfifo(location.file.path, 0o600), 0)
    XCTAssertEqual(
      ManifestReader.load(location).problems.map(\.description),
      ["manifest.yaml: is a named pipe, not a manifest file; it was not read. Give the path of manifest.yaml itself."])
  }

  func testAManifestLinkedFromElsewhereIsRead() throws {
    let target = try outside.write("shared-manifest.yaml", "chains: []\n")
    try FileManager.default.createSymbolicLink(at: location.file, withDestinationURL: target)
    XCTAssertEqual(ManifestReader.load(location).problems, [])
  }
}
