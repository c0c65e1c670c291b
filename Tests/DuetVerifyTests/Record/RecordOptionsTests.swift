import XCTest

@testable import DuetVerify

/// `record`'s flags and target selection, refused with a sentence when wrong.
final class RecordOptionsTests: XCTestCase {
  func message(_ arguments: [String]) -> String? {
    do {
      _ = try RecordOptions.parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  func testCheckWriteAndChainAreRead() throws {
    let options = try RecordOptions.parse(["--check", "--write", "--chain=chain-ping-pong", "--runner", "r"])
    XCTAssertTrue(options.check)
    XCTAssertTrue(options.write)
    XCTAssertEqual(options.chain, "chain-ping-pong")
    XCTAssertEqual(options.common.runner, "r")
    XCTAssertEqual(options.verb, "record --check")
  }

  func testWriteWithoutCheckIsAUsageError() {
    XCTAssertEqual(message(["--write"])?.contains("record --check --write"), true)
  }

  func testFeatureAndChainTogetherAreAUsageError() {
    XCTAssertEqual(message(["--feature", "a", "--chain", "b"])?.contains("not both"), true)
  }

  func testAMistypedFlagSuggestsTheRightOne() {
    XCTAssertEqual(message(["--chek"])?.contains("--check"), true)
  }

  func testAStrayArgumentIsAUsageError() {
    XCTAssertEqual(message(["counter"])?.contains("unexpected argument 'counter'"), true)
  }

  func testVerifyOnlyFlagsAreRefused() {
    XCTAssertEqual(message(["--shard", "1/2"])?.contains("unknown option '--shard'"), true)
  }

  var manifest: Manifest {
    let text = "features:\n  counter:\n    fixtures: []\n  lamp:\n    fixtures: []\nchains:\n  - chain-ping-pong\n"
    return ManifestReader.read(text, location: ManifestLocation(file: URL(fileURLWithPath: "/repo/manifest.yaml")))
      .manifest
  }

  func testEveryFeatureThenEveryChainIsATarget() throws {
    XCTAssertEqual(
      try RecordTarget.select(from: manifest, feature: nil, chain: nil),
      [.feature("counter"), .feature("lamp"), .chain("chain-ping-pong")])
  }

  func testAChainMayBeNamedWithoutItsPrefix() throws {
    XCTAssertEqual(
      try RecordTarget.select(from: manifest, feature: nil, chain: "ping-pong"), [.chain("chain-ping-pong")])
  }

  func testAnUndeclaredFeatureIsRefusedWithAHint() {
    XCTAssertThrowsError(try RecordTarget.select(from: manifest, feature: "countr", chain: nil)) { error in
      let text = (error as? UsageError)?.message ?? ""
      XCTAssertTrue(text.contains("is not declared in manifest.yaml"), text)
      XCTAssertTrue(text.contains("counter"), text)
    }
  }

  func testAnEmptyManifestHasNothingToRecord() {
    let empty = ManifestReader.read(
      "features:\n", location: ManifestLocation(file: URL(fileURLWithPath: "/repo/manifest.yaml"))
    ).manifest
    XCTAssertThrowsError(try RecordTarget.select(from: empty, feature: nil, chain: nil))
  }
}
