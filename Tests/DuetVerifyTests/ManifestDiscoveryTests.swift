import Foundation
import XCTest

@testable import DuetVerify

/// Where the manifest is found: --manifest, else walking up for manifest.yaml or parity/manifest.yaml.
final class ManifestDiscoveryTests: XCTestCase {
  func testWalksUpToTheNearestManifest() throws {
    let folder = try TemporaryFolder()
    try folder.write("manifest.yaml", "chains: []\n")
    let deep = folder.url.appendingPathComponent("Sources/A/B")
    try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
    let found = try ManifestLocation.discover(explicit: nil, from: deep)
    XCTAssertEqual(
      found.file.resolvingSymlinksInPath().path,
      folder.url.appendingPathComponent("manifest.yaml").resolvingSymlinksInPath().path)
  }

  func testFindsTheDuetParityLayout() throws {
    let folder = try TemporaryFolder()
    try folder.write("parity/manifest.yaml", "chains: []\n")
    let found = try ManifestLocation.discover(explicit: nil, from: folder.url)
    XCTAssertEqual(found.displayName, "parity/manifest.yaml")
    XCTAssertEqual(found.root.standardizedFileURL.path, folder.url.standardizedFileURL.path)
  }

  func testAnExplicitFolderIsSearchedForAManifest() throws {
    let folder = try TemporaryFolder()
    try folder.write("sub/manifest.yaml", "chains: []\n")
    let found = try ManifestLocation.discover(explicit: "sub", from: folder.url)
    XCTAssertEqual(found.file.lastPathComponent, "manifest.yaml")
    XCTAssertEqual(found.root.lastPathComponent, "sub")
  }

  func testAMissingExplicitManifestIsASentence() throws {
    let folder = try TemporaryFolder()
    XCTAssertThrowsError(try ManifestLocation.discover(explicit: "nope.yaml", from: folder.url)) { error in
      XCTAssertEqual(
        (error as? ManifestDiscoveryError)?.description,
        "duet-verify: --manifest nope.yaml does not exist. Give the path of a manifest.yaml (or its folder).")
    }
  }

  func testNoManifestAnywhereNamesWhereItLooked() throws {
    let folder = try TemporaryFolder()
    XCTAssertThrowsError(try ManifestLocation.discover(explicit: nil, from: folder.url)) { error in
      let text = (error as? ManifestDiscoveryError)?.description ?? ""
      XCTAssertTrue(
        text.hasPrefix("duet-verify: no manifest.yaml found in \(folder.url.standardizedFileURL.path)"), text)
      XCTAssertTrue(text.hasSuffix("or give --manifest PATH."), text)
    }
  }
}
