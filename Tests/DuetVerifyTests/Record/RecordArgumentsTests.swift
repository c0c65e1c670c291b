import TestSupport
import XCTest

@testable import DuetVerify

/// `record`'s options (read by the option table) and target selection, refused with a sentence when wrong.
final class RecordArgumentsTests: XCTestCase {
  func message(_ arguments: [String]) -> String? {
    do {
      _ = try ParsedArguments.parse(["record"] + arguments)
      return nil
    } catch {
      return error.description
    }
  }

  func testCheckWriteAndChainAreRead() throws {
    let request = try ParsedArguments.parse([
      "record", "--check", "--write", "--chain=chain-ping-pong", "--runner", "r",
    ])
    guard case .run(let options) = request else { return XCTFail("\(request)") }
    XCTAssertTrue(options.check)
    XCTAssertTrue(options.write)
    XCTAssertEqual(options.chain, "chain-ping-pong")
    XCTAssertEqual(options.runner, "r")
  }

  func testWriteWithoutCheckIsAUsageError() {
    XCTAssertEqual(message(["--write"])?.contains("record --check --write"), true)
  }

  func testFeatureAndChainTogetherAreAUsageError() {
    XCTAssertEqual(
      message(["--feature", "a", "--chain", "b"]),
      "duet-verify record: --feature and --chain cannot be combined; record features or one chain, not both.")
  }

  func testAMistypedFlagSuggestsTheRightOne() {
    XCTAssertEqual(message(["--chek"])?.contains("--check"), true)
  }

  func testAStrayArgumentIsAUsageError() {
    XCTAssertEqual(message(["counter"])?.contains("unexpected argument 'counter'"), true)
  }

  func testVerifyOnlyFlagsAreRefused() {
    XCTAssertEqual(
      message(["--shard", "1/2"]),
      "duet-verify record: --shard is not an option of record (it belongs to verify). Run `duet-verify help record` "
        + "for its options.")
  }

  func testJSONAndJUnitNeedCheck() {
    XCTAssertEqual(
      message(["--junit", "r.xml"]),
      "duet-verify record: --junit only works with --check; use it as record --check --junit FILE.")
    XCTAssertNil(message(["--check", "--json", "--junit", "r.xml"]))
  }

  var manifest: Manifest {
    let text = "features:\n  counter:\n    fixtures: []\n  lamp:\n    fixtures: []\nchains:\n  - chain-ping-pong\n"
    return ManifestReader.read(text, location: ManifestLocation(file: URL(fileURLWithPath: "/repo/manifest.yaml")))
      .manifest
  }

  func testEveryFeatureThenEveryChainIsATarget() throws {
    XCTAssertEqual(
      try RecordTarget.select(from: manifest, features: [], chain: nil),
      [.feature("counter"), .feature("lamp"), .chain("chain-ping-pong")])
  }

  func testAChainMayBeNamedWithoutItsPrefix() throws {
    XCTAssertEqual(
      try RecordTarget.select(from: manifest, features: [], chain: "ping-pong"), [.chain("chain-ping-pong")])
  }

  func testAnUndeclaredFeatureIsRefusedWithAHint() {
    XCTAssertThrowsError(try RecordTarget.select(from: manifest, features: ["countr"], chain: nil)) { error in
      let text = "\(error)"
      assertContains(text, "is not declared in manifest.yaml")
      assertContains(text, "counter")
    }
  }

  func testRepeatedFeaturesAreEachATarget() throws {
    XCTAssertEqual(
      try RecordTarget.select(from: manifest, features: ["lamp", "counter"], chain: nil),
      [.feature("lamp"), .feature("counter")])
  }

  func testAnEmptyManifestHasNothingToRecord() {
    let empty = ManifestReader.read(
      "features:\n", location: ManifestLocation(file: URL(fileURLWithPath: "/repo/manifest.yaml"))
    ).manifest
    XCTAssertThrowsError(try RecordTarget.select(from: empty, features: [], chain: nil))
  }
}
